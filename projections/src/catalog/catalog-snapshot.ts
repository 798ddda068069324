// Test support: the catalog's rows (and indexes) as they stand, to compare two ways of building them.
import { sql, type Kysely } from "kysely";
import type { Database } from "../database.ts";
import { catalogProjection } from "./catalog-projection.ts";

/** Every row of the catalog's tables in key order; a product's tsvector as text, so the rows compare as strings. */
export async function catalogRows(db: Kysely<Database>): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const table of catalogProjection.tables) {
    const { rows } = await sql`SELECT t.*, ${table === "products" ? sql`search::text AS search` : sql`NULL AS search`}
      FROM ${sql.table(table)} t ORDER BY 1, 2`.execute(db);
    tables[table] = rows;
  }
  return tables;
}

/** The rows, and each index of the catalog's tables by name and definition (its schema left out). */
export async function catalogRowsAndIndexes(db: Kysely<Database>) {
  const { rows: indexes } = await sql<{ indexname: string; indexdef: string }>`SELECT indexname,
      replace(indexdef, schemaname || '.', '') AS indexdef
    FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ANY(${catalogProjection.tables}::text[])
    ORDER BY indexname`.execute(db);
  return { tables: await catalogRows(db), indexes };
}
