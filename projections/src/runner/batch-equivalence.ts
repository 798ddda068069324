// Test support: a projector's applyBatch against its one-by-one `apply`, row for row.
import { sql, type Kysely } from "kysely";
import { START, type EventDefinition, type RecordedEvent } from "@shop/shared";
import type { Database } from "../database.ts";
import type { Projection } from "./projection.ts";

let global = 2_000_000;

/** A recorded event of `definition`, parsed by its schema, at the next global position. */
export function recordedEvent(
  definition: EventDefinition,
  data: object,
  stream: { id?: string; position?: number; createdAt?: Date } = {},
): RecordedEvent {
  global++;
  return {
    type: definition.type,
    data: definition.schema.parse({ ...data }),
    metadata: {},
    schemaVersion: 1,
    streamId: stream.id ?? "batch-equivalence",
    streamPosition: stream.position ?? 0,
    position: { ...START, major: BigInt(global) } as RecordedEvent["position"],
    globalPosition: global,
    createdAt: stream.createdAt ?? new Date("2026-11-29T20:00:00.000Z"),
  };
}

/** Every row of the projection's tables, as PostgreSQL prints them, sorted. */
async function tablesOf(db: Kysely<Database>, projection: Projection): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const table of projection.tables) {
    const { rows } = await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.table(table)} t ORDER BY 1`.execute(
      db,
    );
    tables[table] = rows.map((r) => r.row);
  }
  return tables;
}

async function reset(db: Kysely<Database>, projection: Projection, before: (db: Kysely<Database>) => Promise<void>) {
  for (const table of projection.tables) await sql`DROP TABLE IF EXISTS ${sql.table(table)} CASCADE`.execute(db);
  await projection.migrate(db);
  await before(db);
}

/**
 * The tables after `events` through `apply` one at a time, and after the same events through
 * `applyBatch` in batches of each size (a batch that throws fails here: no fallback hides it).
 * `before` writes what the log held earlier (rows the batch finds already there).
 */
export async function tablesBothWays(
  db: Kysely<Database>,
  projection: Projection,
  events: RecordedEvent[],
  options: { sizes?: number[]; before?: (db: Kysely<Database>) => Promise<void> } = {},
): Promise<{ oneByOne: Record<string, string[]>; batched: Array<{ size: number; tables: Record<string, string[]> }> }> {
  const before = options.before ?? (async () => {});
  const handled = events.filter((e) => projection.handles.includes(e.type));
  await reset(db, projection, before);
  await db.transaction().execute(async (trx) => {
    for (const event of handled) await projection.apply(trx, event);
  });
  const oneByOne = await tablesOf(db, projection);
  const batched = [];
  for (const size of options.sizes ?? [1, 3, 500]) {
    await reset(db, projection, before);
    for (let i = 0; i < handled.length; i += size)
      await db.transaction().execute((trx) => projection.applyBatch!(trx, handled.slice(i, i + size)));
    batched.push({ size, tables: await tablesOf(db, projection) });
  }
  return { oneByOne, batched };
}
