import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import pg from "pg";
import type { Projection } from "@shop/projections";

/**
 * The physical limit of a replay on this machine: the least time PostgreSQL needs to write the rows
 * every read model holds after it. Each read-model table is copied as it is (`CREATE TABLE ... AS
 * SELECT *`, tsvectors copied, not computed) into an empty schema and its indexes built after, as
 * many tables at once as there are cores, each in one transaction with `synchronous_commit` off as a
 * rebuild's are. No projector can write the same rows in less; computing them (decoding events,
 * folding, tsvectors) comes on top.
 */
export async function writeFloor(
  url: string,
  schema: string,
  projections: readonly Projection[],
): Promise<{
  seconds: number;
  rows: number;
  pgCpuMs: number;
  perModel: Array<{ name: string; ms: number; rows: number }>;
}> {
  const floor = `${schema}_floor`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${floor} CASCADE; CREATE SCHEMA ${floor}`);
  const queue = [...projections];
  const perModel: Array<{ name: string; ms: number; rows: number }> = [];
  let pgCpuMs = 0;
  const started = performance.now();
  try {
    const worker = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const pid = (await c.query("SELECT pg_backend_pid() AS pid")).rows[0].pid as number;
      const cpu0 = procCpuMs(pid);
      try {
        for (let p = queue.shift(); p; p = queue.shift()) {
          const t0 = performance.now();
          let rows = 0;
          for (const table of p.tables) rows += await copyTable(c, schema, floor, table);
          perModel.push({ name: p.name, ms: performance.now() - t0, rows });
        }
      } finally {
        pgCpuMs += procCpuMs(pid) - cpu0;
        await c.end();
      }
    };
    await Promise.all(Array.from({ length: availableParallelism() }, worker));
    return {
      seconds: (performance.now() - started) / 1000,
      rows: perModel.reduce((s, m) => s + m.rows, 0),
      pgCpuMs,
      perModel: perModel.sort((a, b) => b.ms - a.ms),
    };
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS ${floor} CASCADE`);
    await admin.end();
  }
}

/** One table's rows into an empty copy, then its indexes (unique ones and primary keys included). */
async function copyTable(c: pg.Client, from: string, to: string, table: string): Promise<number> {
  const { rows: indexes } = await c.query<{ def: string }>(
    `SELECT pg_get_indexdef(i.indexrelid) AS def FROM pg_index i
       JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = $1 AND t.relname = $2`,
    [from, table],
  );
  await c.query("BEGIN; SET LOCAL synchronous_commit TO off; SET LOCAL maintenance_work_mem TO '256MB'");
  const created = await c.query(`CREATE TABLE ${to}.${table} AS SELECT * FROM ${from}.${table}`);
  for (const { def } of indexes)
    await c.query(def.replace(` ON ${from}.`, ` ON ${to}.`).replace(` ONLY ${from}.`, ` ONLY ${to}.`));
  await c.query("COMMIT");
  return created.rowCount ?? 0;
}

/** utime + stime of a local process (a PostgreSQL backend), in ms; 0 when it is gone or not local. */
export function procCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14 and 15 of stat(5), counted from the state (field 3) here; clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * CPU ms of every PostgreSQL backend named `applicationName` while it runs, polled: the sum of each
 * backend's last reading (a backend that exits loses at most one interval). Robust under load, where
 * wall-clock time is not.
 */
export function sampleBackends(url: string, applicationName: string, everyMs = 100) {
  const client = new pg.Client({ connectionString: url });
  const last = new Map<number, number>();
  const first = new Map<number, number>();
  let running = true;
  const startedAt = new Date();
  const loop = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ pid: number; fresh: boolean }>(
        "SELECT pid, backend_start > $2 AS fresh FROM pg_stat_activity WHERE application_name = $1",
        [applicationName, startedAt],
      );
      for (const { pid, fresh } of rows) {
        const ms = procCpuMs(pid);
        if (!first.has(pid)) first.set(pid, fresh ? 0 : ms);
        if (ms > 0) last.set(pid, ms);
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
    await client.end();
  })();
  return {
    async stop(): Promise<number> {
      running = false;
      await loop;
      let sum = 0;
      for (const [pid, ms] of last) sum += ms - (first.get(pid) ?? 0);
      return sum;
    },
  };
}
