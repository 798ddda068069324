import { readFileSync } from "node:fs";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { createRankIndex, insertSearchTerms, migrateCatalog, type CatalogTables } from "@shop/projections";
import { searchDocument } from "../projections/src/catalog/product-summary.ts";

/** CPU seconds (user + system) a process has used, from /proc/PID/stat (0 once it is gone). */
function cpuOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime (fields 14, 15) in ticks of 1/100 s
  } catch {
    return 0;
  }
}

/**
 * The CPU of this process and of the PostgreSQL backends named `application` (pg_stat_activity), from
 * `start()` to `stop()`. Backends are looked up again at each `sample()`, so one that connects later
 * counts too; one that ends keeps the last CPU seen of it.
 */
export function cpuMeter(url: string, application: string) {
  const admin = new pg.Client({ connectionString: url });
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let node = process.cpuUsage();
  const sample = async () => {
    const { rows } = await admin.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE application_name = $1",
      [application],
    );
    for (const { pid } of rows) {
      const cpu = cpuOf(pid);
      if (!first.has(pid)) first.set(pid, cpu);
      last.set(pid, cpu);
    }
  };
  return {
    async start() {
      await admin.connect();
      await sample();
      node = process.cpuUsage();
    },
    sample,
    async stop(): Promise<{ nodeMs: number; postgresMs: number; backends: number }> {
      const used = process.cpuUsage(node);
      await sample();
      await admin.end();
      let postgres = 0;
      for (const [pid, cpu] of last) postgres += cpu - first.get(pid)!;
      return { nodeMs: (used.user + used.system) / 1000, postgresMs: postgres * 1000, backends: last.size };
    },
  };
}

/**
 * The floor: the simplest correct bulk write of the catalog's final rows (those of `schema`) into
 * empty tables of a schema of its own: skus and products (their tsvectors computed) by INSERT …
 * SELECT, the search words from those products, then every index of the catalog's tables built once.
 * Answers the seconds of each step; the schema is dropped after.
 */
export async function bulkWriteFloor(url: string, schema: string): Promise<[string, number][]> {
  const floor = `${schema}_floor`;
  const client = new pg.Pool({ connectionString: url, max: 1, options: `-c search_path=${floor}` });
  const db = new Kysely<CatalogTables>({ dialect: new PostgresDialect({ pool: client }) });
  const steps: [string, number][] = [];
  const step = async (name: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    steps.push([name, (performance.now() - started) / 1000]);
  };
  try {
    await sql`DROP SCHEMA IF EXISTS ${sql.id(floor)} CASCADE`.execute(db);
    await sql`CREATE SCHEMA ${sql.id(floor)}`.execute(db);
    await migrateCatalog(db);
    await createRankIndex(db);
    const { rows: indexes } = await sql<{ name: string; def: string }>`SELECT indexname AS name, indexdef AS def
      FROM pg_indexes WHERE schemaname = ${floor}`.execute(db);
    const { rows: constraints } = await sql<{ name: string; table: string; def: string }>`SELECT conname AS name,
        conrelid::regclass::text AS table, pg_get_constraintdef(oid) AS def
      FROM pg_constraint WHERE connamespace = ${floor}::regnamespace AND contype IN ('p', 'u')`.execute(db);
    const constrained = new Set(constraints.map((c) => c.name));
    for (const c of constraints)
      await sql`ALTER TABLE ${sql.raw(c.table)} DROP CONSTRAINT ${sql.id(c.name)}`.execute(db);
    for (const i of indexes) if (!constrained.has(i.name)) await sql`DROP INDEX ${sql.id(i.name)}`.execute(db);
    await sql`SET synchronous_commit = off`.execute(db);
    await sql`SET maintenance_work_mem = '256MB'`.execute(db);
    const src = (table: string) => sql.id(schema, table);
    const { rows: productCols } = await sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = ${floor} AND table_name = 'products' AND column_name <> 'search' ORDER BY ordinal_position`.execute(
      db,
    );
    const cols = sql.join(productCols.map((c) => sql.id(c.name)));
    await step("SKUs (INSERT … SELECT)", () => sql`INSERT INTO skus SELECT * FROM ${src("skus")}`.execute(db));
    await step("products with tsvectors", () =>
      sql`INSERT INTO products (${cols}, search) SELECT ${cols}, ${searchDocument} FROM ${src("products")}`.execute(db),
    );
    await step("search words", () => insertSearchTerms(sql`true`).execute(db));
    await step("indexes, built once", async () => {
      for (const c of constraints)
        await sql`ALTER TABLE ${sql.raw(c.table)} ADD CONSTRAINT ${sql.id(c.name)} ${sql.raw(c.def)}`.execute(db);
      for (const i of indexes) if (!constrained.has(i.name)) await sql.raw(i.def).execute(db);
    });
    const { rows: check } = await sql<{ differ: number }>`SELECT
      (SELECT count(*) FROM (SELECT * FROM products EXCEPT SELECT * FROM ${src("products")}) d)
      + (SELECT count(*) FROM (SELECT * FROM product_search_terms EXCEPT SELECT * FROM ${src("product_search_terms")}) d)
      + (SELECT count(*) FROM (SELECT * FROM ${src("product_search_terms")} EXCEPT SELECT * FROM product_search_terms) d)
      AS differ`.execute(db);
    if (Number(check[0].differ) !== 0)
      throw new Error(`the floor's rows differ from the catch-up's: ${check[0].differ}`);
    return steps;
  } finally {
    await sql`DROP SCHEMA IF EXISTS ${sql.id(floor)} CASCADE`.execute(db);
    await db.destroy();
  }
}
