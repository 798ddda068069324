import { type Insertable, type Kysely, sql } from "kysely";
import { isEventOf, type EventDefinition, type EventOf, type RecordedEvent } from "@shop/shared";
import type { Database } from "../database.ts";
import type { Projection } from "./projection.ts";

type TableName = keyof Database & string;
type ColumnOf<T extends TableName> = keyof Database[T] & string;

/**
 * Writes the row an event describes: inserted, or, when a row with its key is there, every other
 * column replaced by what the event says (an event that carries the whole record).
 */
export async function upsertRow<T extends TableName>(
  db: Kysely<Database>,
  table: T,
  key: readonly ColumnOf<T>[],
  row: Insertable<Database[T]>,
): Promise<void> {
  const changes = Object.fromEntries(Object.entries(row).filter(([column]) => !key.includes(column as ColumnOf<T>)));
  // kysely cannot follow a table chosen by a type parameter: the signature above holds the types.
  const anyTable = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  await anyTable
    .insertInto(table as string)
    .values(row as Record<string, unknown>)
    .onConflict((oc) => oc.columns(key).doUpdateSet(changes))
    .execute();
}

/**
 * A read model of one row per record, where each of its events (added, changed) carries the whole
 * record: the row becomes what the last event says, and `version` is the stream position the
 * staff form sends back as its expected version.
 */
export function rowProjection<const Definitions extends readonly EventDefinition[], T extends TableName>(options: {
  name: string;
  version: number;
  table: T;
  key: readonly ColumnOf<T>[];
  events: Definitions;
  migrate: (db: Kysely<Database>) => Promise<void>;
  row: (event: RecordedEvent & EventOf<Definitions>) => Insertable<Database[T]>;
}): Projection {
  return {
    name: options.name,
    version: options.version,
    tables: [options.table],
    handles: options.events.map((definition) => definition.type),
    migrate: options.migrate,
    async apply(trx, recorded) {
      if (!isEventOf(options.events, recorded)) return;
      await upsertRow(trx, options.table, options.key, options.row(recorded));
    },
    async applyBatch(trx, events) {
      const rows = events.filter((e) => isEventOf(options.events, e)).map((e) => options.row(e));
      await upsertRows(trx, options.table, options.key, rows);
    },
  };
}

/** Rows a statement may carry: PostgreSQL takes at most 65,535 parameters. */
const PARAMETERS = 60_000;

/**
 * upsertRow for many rows at once, leaving what upsertRow one by one would: of rows with the same key
 * only the last counts (one statement may not touch a row twice). Rows that name different columns
 * go one by one, so a column a row leaves out keeps its value.
 */
export async function upsertRows<T extends TableName>(
  db: Kysely<Database>,
  table: T,
  key: readonly ColumnOf<T>[],
  rows: Insertable<Database[T]>[],
): Promise<void> {
  const last = new Map<string, Insertable<Database[T]>>();
  for (const row of rows) {
    const values = row as Record<string, unknown>;
    last.set(JSON.stringify(key.map((column) => values[column])), row);
  }
  const unique = [...last.values()];
  if (unique.length === 0) return;
  const columns = Object.keys(unique[0]).sort().join();
  if (unique.some((row) => Object.keys(row).sort().join() !== columns)) {
    for (const row of rows) await upsertRow(db, table, key, row);
    return;
  }
  const changes = Object.keys(unique[0]).filter((column) => !key.includes(column as ColumnOf<T>));
  const size = Math.max(1, Math.floor(PARAMETERS / Object.keys(unique[0]).length));
  const anyTable = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  for (let i = 0; i < unique.length; i += size)
    await anyTable
      .insertInto(table as string)
      .values(unique.slice(i, i + size) as Record<string, unknown>[])
      .onConflict((oc) =>
        oc
          .columns(key)
          .doUpdateSet(Object.fromEntries(changes.map((column) => [column, sql.ref(`excluded.${column}`)]))),
      )
      .execute();
}
