import { sql, type Insertable, type Kysely, type Transaction } from "kysely";
import { isEventOf, lookupCatalogEvents, type RecordedEvent } from "@shop/shared";
import type { Database } from "../database.ts";
import type { Projection } from "../runner/projection.ts";
import type { LookupCatalogTables } from "./lookup-catalog-tables.ts";

const NAMED = (table: string) =>
  sql`CREATE TABLE IF NOT EXISTS ${sql.table(table)} (id integer PRIMARY KEY, name text NOT NULL, slug text NOT NULL)`;

export const lookupCatalogProjection: Projection = {
  name: "lookup-catalog",
  version: 3, // 2: skus.category; 3: skus moved to the catalog
  tables: ["media_formats", "media_files", "content_node_types", "db_templates", "content_lang_nodes"],
  handles: ["MediaFormatAdded", "MediaFileAdded", "ContentNodeTypeAdded", "DbTemplateAdded", "ContentLangNodeAdded"],
  async migrate(db) {
    await NAMED("media_formats").execute(db);
    await sql`CREATE TABLE IF NOT EXISTS media_files (
      id integer PRIMARY KEY, name text NOT NULL, slug text NOT NULL, format_id integer NULL, file_url text NOT NULL
    )`.execute(db);
    await NAMED("content_node_types").execute(db);
    await NAMED("db_templates").execute(db);
    await sql`CREATE TABLE IF NOT EXISTS content_lang_nodes (
      id integer PRIMARY KEY, node_id integer NOT NULL, language text NOT NULL, name text NOT NULL, slug text NOT NULL, status text NOT NULL
    )`.execute(db);
  },
  async apply(trx, event) {
    const added = rowOf(event);
    if (added) await insertRows(trx, added.table, [added.row]);
  },
  /** The rows of a batch, table by table, in one INSERT each: of two with one id the first stays, as one by one. */
  async applyBatch(trx, events) {
    const byTable = new Map<LookupTable, Map<number, LookupRow>>();
    for (const event of events) {
      const added = rowOf(event);
      if (!added) continue;
      const rows = byTable.get(added.table) ?? new Map<number, LookupRow>();
      byTable.set(added.table, rows);
      if (!rows.has(added.row.id)) rows.set(added.row.id, added.row);
    }
    for (const [table, rows] of byTable) await insertRows(trx, table, [...rows.values()]);
  },
};

type LookupTable = keyof LookupCatalogTables;
type LookupRow = { [T in LookupTable]: Insertable<LookupCatalogTables[T]> }[LookupTable];

/** Each row comes from one event: a replay of an event already applied inserts nothing. */
async function insertRows(trx: Transaction<Database>, table: LookupTable, rows: LookupRow[]) {
  // Rows of one table; kysely cannot follow a table chosen at run time, the caller holds the types.
  const anyTable = trx as unknown as Kysely<Record<string, Record<string, unknown>>>;
  for (let i = 0; i < rows.length; i += 5000)
    await anyTable
      .insertInto(table)
      .values(rows.slice(i, i + 5000) as Record<string, unknown>[])
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
}

/** The row an event adds, and its table. */
function rowOf(recorded: RecordedEvent): { table: LookupTable; row: LookupRow } | null {
  if (!isEventOf(lookupCatalogEvents, recorded)) return null;
  const event = recorded;
  switch (event.type) {
    case "MediaFormatAdded":
      return { table: "media_formats", row: event.data };
    case "MediaFileAdded": {
      const d = event.data;
      return {
        table: "media_files",
        row: { id: d.id, name: d.name, slug: d.slug, format_id: d.formatId, file_url: d.fileUrl },
      };
    }
    case "ContentNodeTypeAdded":
      return { table: "content_node_types", row: event.data };
    case "DbTemplateAdded":
      return { table: "db_templates", row: event.data };
    case "SkuAdded":
      return null; // the catalog read model keeps SKUs
    case "ContentLangNodeAdded": {
      const d = event.data;
      const row = { id: d.id, node_id: d.nodeId, language: d.language, name: d.name, slug: d.slug, status: d.status };
      return { table: "content_lang_nodes", row };
    }
    default: {
      // Only the types in `handles` reach here; an unknown one changes nothing.
      event satisfies never;
      return null;
    }
  }
}
