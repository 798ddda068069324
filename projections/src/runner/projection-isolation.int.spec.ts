// Core hardening 2 and 6 in the runner: a projector that throws stops only its read model and comes
// back after a fix (a replay, or a restart); a leader whose start fails tries again; a rebuild swaps
// new tables in while readers keep reading the old rows.
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { EventStore } from "@shop/shared";
import { createPostgresEventStore } from "@shop/services/eventstore/postgres-event-store";
import { replay } from "@shop/services/ops/projection-commands";
import type { OpsContext } from "@shop/services/ops/ops-context";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { testBackends } from "@shop/services/testing/backends";
import { readCheckpoint } from "./checkpoints.ts";
import type { Projection } from "./projection.ts";
import { ProjectionRunner } from "./projection-runner.ts";

type TestDb = Awaited<ReturnType<typeof openTestDatabase>>;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(pglite: boolean) {
  const database = await openTestDatabase({ pglite });
  const store = await createPostgresEventStore(database);
  cleanups.push(() => database.drop());
  return { database, store };
}

/** Log lines as an operator reads them. */
function recordingLog() {
  const lines: Array<{ level: string; msg: string; obj: Record<string, unknown> }> = [];
  const at = (level: string) => (obj: object, msg?: string) =>
    void lines.push({ level, msg: msg ?? "", obj: obj as Record<string, unknown> });
  return { lines, log: { info: at("info"), warn: at("warn"), error: at("error") } };
}

function runnerFor(
  database: TestDb,
  store: EventStore,
  projections: Projection[],
  log?: ReturnType<typeof recordingLog>["log"],
) {
  const runner = new ProjectionRunner({
    db: database.db,
    store,
    projections,
    tryLeadership: () => database.tryAdvisoryLock(4245),
    followerRetryMs: 100,
    log,
  });
  cleanups.push(() => runner.stop());
  return runner;
}

/** One row per event it handles; `n` is what apply writes (a new version writes another value). */
function rowsProjection(
  name: string,
  options: { version?: number; n?: number; throwOn?: () => string | null; migrate?: (db: any) => Promise<void> } = {},
): Projection {
  const table = `${name}_rows`;
  return {
    name,
    version: options.version ?? 1,
    tables: [table],
    handles: ["Counted", "Boom"],
    async migrate(db) {
      await options.migrate?.(db);
      await sql`CREATE TABLE IF NOT EXISTS ${sql.table(table)} (position bigint PRIMARY KEY, n integer NOT NULL)`.execute(
        db,
      );
      await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`${table}_n`)} ON ${sql.table(table)} (n)`.execute(db);
    },
    async apply(trx, event) {
      if (event.type === options.throwOn?.()) throw new Error(`cannot take ${event.type}`);
      await sql`INSERT INTO ${sql.table(table)} VALUES (${event.globalPosition}, ${options.n ?? 1})`.execute(trx);
    },
  };
}

async function rowCount(database: TestDb, table: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${sql.table(table)}`.execute(database.db);
  return Number(rows[0].n);
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const silent = {
  isTTY: false,
  write: () => true,
  on: () => undefined,
  once: () => undefined,
  removeListener: () => undefined,
} as unknown as NodeJS.WriteStream;

describe.each(testBackends())("a stopped read model on $name", ({ pglite }) => {
  it("core hardening 2: a projector that throws on one event type stops only its read model; a restart retries it; after a fix, replay resumes it while the leader runs", {
    timeout: 120_000,
  }, async () => {
    const { database, store } = await setup(pglite);
    let broken = true;
    const steady = rowsProjection("steady");
    const fragile = rowsProjection("fragile", { throwOn: () => (broken ? "Boom" : null) });
    for (let i = 0; i < 3; i++) await store.append(`c-${i}`, [{ type: "Counted", data: {} }]);
    const boom = await store.append("boom-1", [{ type: "Boom", data: {} }]);
    for (let i = 3; i < 6; i++) await store.append(`c-${i}`, [{ type: "Counted", data: {} }]);

    const { lines, log } = recordingLog();
    let runner = runnerFor(database, store, [fragile, steady], log);
    await runner.start();
    const head = await store.head();
    expect(await runner.waitFor(head, ["steady"], 10_000)).toBe(true);
    expect(await rowCount(database, "steady_rows")).toBe(7);
    expect(await runner.waitFor(head, ["fragile"], 5000)).toBe(false);
    expect(await rowCount(database, "fragile_rows")).toBe(3); // the events before the failing one
    const [failure] = await runner.failures();
    expect(failure).toMatchObject({
      projection: "fragile",
      stream: "boom-1",
      type: "Boom",
      globalPosition: Number(boom.position.minor),
      error: "cannot take Boom",
    });
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: "error",
        obj: expect.objectContaining({ projection: "fragile", stream: "boom-1", type: "Boom" }),
        msg: expect.stringContaining("npm run ops -- replay --projection fragile"),
      }),
    );

    // A restart retries it: still broken, so it stops again on the same event and says so again.
    await runner.stop();
    runner = runnerFor(database, store, [fragile, steady], log);
    await runner.start();
    await until(async () => (await runner.failures())[0]?.failedAt !== failure.failedAt);
    expect(await runner.failures()).toMatchObject([{ projection: "fragile", stream: "boom-1", type: "Boom" }]);

    // The fix ships; the operator replays it while this leader keeps running.
    broken = false;
    const ctx = { database, store, config: {} as OpsContext["config"], close: async () => {} } as OpsContext;
    expect(await replay(ctx, { chosen: [fragile] }, silent)).toMatch(/^fragile: replayed 7 events in/);
    expect(await runner.failures()).toEqual([]);
    const later = await store.append("c-late", [{ type: "Counted", data: {} }]);
    expect(await runner.waitFor(later.position, ["fragile", "steady"], 10_000)).toBe(true);
    await until(async () => (await rowCount(database, "fragile_rows")) === 8);
    expect(await rowCount(database, "steady_rows")).toBe(8);
  });

  it("core hardening 6: a version-change rebuild that fails is logged and tried again while the other read models go on; the process survives", {
    timeout: 120_000,
  }, async () => {
    const { database, store } = await setup(pglite);
    for (let i = 0; i < 5; i++) await store.append(`c-${i}`, [{ type: "Counted", data: {} }]);
    const first = runnerFor(database, store, [rowsProjection("versioned")]);
    await first.start();
    expect(await first.waitFor(await store.head(), ["versioned"], 10_000)).toBe(true);
    await first.stop();

    // Version 2's first rebuild fails while creating its new tables (the way a dropped connection would).
    let migrations = 0;
    const v2 = rowsProjection("versioned", {
      version: 2,
      n: 2,
      migrate: async () => {
        if (++migrations === 2) throw new Error("Connection terminated unexpectedly");
      },
    });
    const { lines, log } = recordingLog();
    const second = runnerFor(database, store, [v2, rowsProjection("other")], log);
    await second.start(); // resolves: the failure is handled, not thrown out of a timer
    await until(() =>
      lines.some((l) => l.level === "error" && /could not rebuild read models; will try again/.test(l.msg)),
    );
    expect(await second.waitFor(await store.head(), ["other"], 10_000)).toBe(true);
    await until(async () => (await readCheckpoint(database.db, "versioned"))?.version === 2);
    expect(await second.waitFor(await store.head(), ["versioned"], 10_000)).toBe(true);
    expect(second.isLeader).toBe(true);
    const { rows } = await sql<{
      n: number;
      c: string;
    }>`SELECT n, count(*)::text AS c FROM versioned_rows GROUP BY n`.execute(database.db);
    expect(rows).toEqual([{ n: 2, c: "5" }]);
  });
});

describe.skipIf(!testBackends().some((b) => !b.pglite))("rebuilds while readers read, on PostgreSQL", () => {
  it("core hardening 6: during a version-change rebuild and an ops replay, a reader polling the table never sees it empty, partial or missing", {
    timeout: 180_000,
  }, async () => {
    const { database, store } = await setup(false);
    const total = 3000;
    for (let i = 0; i < total / 100; i++)
      await store.append(
        `c-${i}`,
        Array.from({ length: 100 }, () => ({ type: "Counted", data: {} })),
      );
    const v1 = runnerFor(database, store, [rowsProjection("wide")]);
    await v1.start();
    expect(await v1.waitFor(await store.head(), ["wide"], 30_000)).toBe(true);
    await v1.stop();

    // A reader as the app is one: separate connections, one SELECT at a time, as fast as it can.
    const reader = await openTestDatabase({ schema: database.schema });
    cleanups.push(() => reader.close());
    let reading = true;
    const seen = { reads: 0, bad: [] as string[], versions: new Set<number>() };
    const polling = (async () => {
      while (reading) {
        try {
          const { rows } = await sql<{
            c: string;
            lo: number;
            hi: number;
          }>`SELECT count(*)::text AS c, min(n) AS lo, max(n) AS hi FROM wide_rows`.execute(reader.db);
          seen.reads++;
          if (Number(rows[0].c) !== total || rows[0].lo !== rows[0].hi) seen.bad.push(JSON.stringify(rows[0]));
          seen.versions.add(rows[0].lo);
        } catch (error) {
          seen.bad.push((error as Error).message);
        }
      }
    })();

    const v2 = runnerFor(database, store, [rowsProjection("wide", { version: 2, n: 2 })]);
    await v2.start();
    await until(async () => (await readCheckpoint(database.db, "wide"))?.version === 2, 60_000);
    const ctx = { database, store, config: {} as OpsContext["config"], close: async () => {} } as OpsContext;
    expect(await replay(ctx, { chosen: [rowsProjection("wide", { version: 2, n: 3 })] }, silent)).toMatch(
      /^wide: replayed 3000 events/,
    );
    await new Promise((r) => setTimeout(r, 200));
    reading = false;
    await polling;

    expect(seen.bad).toEqual([]);
    expect(seen.reads).toBeGreaterThan(20);
    expect([...seen.versions].sort()).toEqual([1, 2, 3]); // the old rows, then each new set whole
    const { rows: indexes } = await sql<{
      indexname: string;
    }>`SELECT indexname FROM pg_indexes WHERE schemaname = ${database.schema} AND tablename = 'wide_rows' ORDER BY 1`.execute(
      database.db,
    );
    expect(indexes.map((i) => i.indexname)).toEqual(["wide_rows_n", "wide_rows_pkey"]);
    const { rows: leftovers } = await sql<{
      n: string;
    }>`SELECT count(*)::text AS n FROM pg_namespace WHERE nspname LIKE ${`${database.schema}_rb_%`}`.execute(
      database.db,
    );
    expect(leftovers[0].n).toBe("0");
  });
});
