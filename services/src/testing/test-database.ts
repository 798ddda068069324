import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import pg from "pg";
import { openDatabase, type DatabaseConnection } from "../platform/database.ts";
import { pgliteTemplate } from "./pglite-template.ts";

/** The PostgreSQL server the tests may use, or "" when only PGlite is available. */
export function testDatabaseUrl(): string {
  return inject("databaseUrl") ?? "";
}

/** A fresh schema on PostgreSQL when one is available, else an in-memory PGlite (from the cached template: no initdb). */
export async function openTestDatabase(
  options: { pglite?: boolean; schema?: string; poolSize?: number } = {},
): Promise<DatabaseConnection & { drop(): Promise<void> }> {
  const url = options.pglite ? "" : testDatabaseUrl();
  const schema = options.schema ?? `t_${randomBytes(6).toString("hex")}`;
  const database = await openDatabase(
    url ? { url, schema, poolSize: options.poolSize ?? 40 } : { schema, freshCluster: await pgliteTemplate() },
  );
  return Object.assign(database, {
    async drop() {
      await database.close();
      if (url) await dropSchema(url, schema);
    },
  });
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}
