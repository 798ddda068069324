import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import {
  applyBatch,
  catalogProjection,
  FAR_BEHIND,
  migrateCheckpoints,
  migrateProjection,
  type Database,
} from "@shop/projections";
import { START, type RecordedEvent } from "@shop/shared";
import { generateCatalog } from "../services/src/catalog/catalog-generator.ts";
import { importCatalog, parseCatalogFile } from "../services/src/catalog/catalog-import.ts";
import { createEventRegistry } from "../services/src/event-registry.ts";
import { createPostgresEventStore } from "../services/src/eventstore/postgres-event-store.ts";
import { openDatabase } from "../services/src/platform/database.ts";
import { migrateIdCounters } from "../services/src/platform/id-allocator.ts";
import { bulkWriteFloor, cpuMeter } from "./catchup-profile.ts";

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");

/**
 * `npm run bench -- catalog-catchup [products]` (PostgreSQL; default 20,000 products): the catalog read
 * model's catch-up alone, without a server. Imports a generated catalog into a fresh schema (kept and
 * reused when `BENCH_SCHEMA` names one), reads the whole log in batches of `BENCH_BATCH` (500, the
 * runner's) as the baseline, then projects the catalog from empty tables batch by batch as the runner
 * does (`applyBatch`: checkpoint and rows in one transaction, told how far behind the log's end it is
 * while FAR_BEHIND events or more follow, then `finishCatchUp`; `BENCH_NOFAR=1`: never far), and prints the time its statements took,
 * the costliest first.
 */
export async function run(args: string[]): Promise<void> {
  const products = Number(args[0] ?? 20_000);
  const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const schema = process.env.BENCH_SCHEMA ?? `bench_${randomBytes(4).toString("hex")}`;
  const batch = Number(process.env.BENCH_BATCH ?? 500);
  console.info(`load average at the start: ${load()}`);
  const database = await openDatabase({ url, schema, poolSize: 4 });
  const times = new Map<string, { n: number; ms: number }>();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({
      // Named as openDatabase names the store's connections: the CPU meter finds both by it.
      pool: new pg.Pool({
        connectionString: url,
        max: 2,
        options: `-c search_path=${schema}`,
        application_name: `shop:${schema}`,
        idleTimeoutMillis: 0,
      }),
    }),
    log: (event) => {
      const key = event.query.sql.replace(/\s+/g, " ").slice(0, 70);
      const t = times.get(key) ?? { n: 0, ms: 0 };
      t.n++;
      t.ms += event.queryDurationMillis;
      times.set(key, t);
    },
  });
  try {
    const store = await createPostgresEventStore(database, createEventRegistry());
    if ((await store.readAll(START, { limit: 1 })).length === 0) {
      await migrateCheckpoints(database.db);
      await migrateIdCounters(database.db);
      await migrateProjection(database.db, catalogProjection); // the import looks SKU codes up in it
      const file = parseCatalogFile(generateCatalog({ products, seed: 1, today: "2026-11-29" }));
      const started = performance.now();
      const report = await importCatalog({ store, db: database.db, clock: () => new Date() }, file, {
        by: null,
        metadata: { userId: null, correlationId: "bench-catalog-catchup" },
      });
      console.info(`imported ${report.events} events in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }

    let started = performance.now();
    let count = 0;
    for (let position = START; ; ) {
      const events = await store.readAll(position, { limit: batch });
      if (events.length === 0) break;
      position = events[events.length - 1].position;
      count += events.length;
    }
    const readSeconds = (performance.now() - started) / 1000;
    console.info(
      `baseline: read ${count} events in ${readSeconds.toFixed(1)} s (${Math.round(count / readSeconds)}/s)`,
    );

    for (const table of [...catalogProjection.tables].reverse())
      await sql`DROP TABLE IF EXISTS ${sql.id(table)}`.execute(db);
    await migrateCheckpoints(db);
    await sql`DELETE FROM projection_checkpoints WHERE name = ${catalogProjection.name}`.execute(db);
    await migrateProjection(db, catalogProjection);
    times.clear();
    const meter = cpuMeter(url, `shop:${schema}`);
    await meter.start();
    started = performance.now();
    let done = 0;
    let batches = 0;
    // As the subscription does (subscription.ts): a full batch's next one is read while it is applied.
    let ahead: Promise<RecordedEvent[]> | null = null;
    for (let position = START; ; ) {
      const events: RecordedEvent[] = await (ahead ?? store.readAll(position, { limit: batch }));
      ahead =
        events.length === batch && !process.env.BENCH_NOAHEAD
          ? store.readAll(events[events.length - 1].position, { limit: batch })
          : null;
      if (events.length === 0) break;
      done += events.length;
      // As the runner tells a read model (projection-runner.ts): how far behind, with a full batch far behind.
      const behind =
        !process.env.BENCH_NOFAR && events.length === batch && count - done >= FAR_BEHIND ? count - done : undefined;
      await applyBatch(db, catalogProjection, events, { behind });
      position = events[events.length - 1].position;
      if (++batches % 10 === 0) await meter.sample(); // a backend that goes away keeps the CPU seen of it
    }
    await catalogProjection.finishCatchUp?.(db); // the runner's at the short batch that ends the catch-up
    const seconds = (performance.now() - started) / 1000;
    const cpu = await meter.stop();
    console.info(
      `catalog read model: ${count} events in ${seconds.toFixed(1)} s (${Math.round(count / seconds)}/s, ${(readSeconds / seconds).toFixed(2)}× the baseline), batches of ${batch}; load average at the end: ${load()}`,
    );
    console.info(
      `CPU: this process ${(cpu.nodeMs / 1000).toFixed(1)} s, its ${cpu.backends} PostgreSQL backends ${(cpu.postgresMs / 1000).toFixed(1)} s (log reads included)`,
    );
    const total = [...times.values()].reduce((n, t) => n + t.ms, 0) / 1000;
    const statements = [...times.values()].reduce((n, t) => n + t.n, 0);
    console.info(
      `its statements took ${total.toFixed(1)} s: ${statements} (${((statements * 1000) / count).toFixed(1)} per 1,000 events, beside ${batches} log reads); the costliest:`,
    );
    for (const [key, t] of [...times].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12))
      console.info(`${(t.ms / 1000).toFixed(1).padStart(7)} s ${String(t.n).padStart(6)}×  ${key}`);
    if (!process.env.BENCH_NOFLOOR) {
      // The physical limit: the same final rows written the simplest way, in one transaction-less run.
      const floor = await bulkWriteFloor(url, schema);
      const sum = floor.reduce((n, [, s]) => n + s, 0);
      console.info(
        `floor: the same final rows bulk-written into empty tables in ${sum.toFixed(1)} s (${(seconds / sum).toFixed(2)}× that for the catch-up; with the log read, ${(readSeconds + sum).toFixed(1)} s): ${floor.map(([n, s]) => `${n} ${s.toFixed(1)} s`).join(", ")}; load average at the end: ${load()}`,
      );
    }
  } finally {
    await db.destroy();
    await database.close();
    if (!process.env.BENCH_SCHEMA) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    }
  }
}
