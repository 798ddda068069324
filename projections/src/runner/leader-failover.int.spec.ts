// Leader safety on PostgreSQL: a leader that loses its lock stops at once, and the checkpoint's
// compare-and-set keeps a projector that has not noticed yet from applying an event twice.
import { sql } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import type { EventStore } from "@shop/shared";
import { createPostgresEventStore } from "@shop/services/eventstore/postgres-event-store";
import { openTestDatabase, testDatabaseUrl } from "@shop/services/testing/test-database";
import type { Projection } from "./projection.ts";
import { ProjectionRunner, type LeaderLock } from "./projection-runner.ts";

const LOCK_KEY = 4244;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function openProcess(schema?: string) {
  const database = await openTestDatabase({ schema });
  const store = await createPostgresEventStore(database);
  cleanups.push(() => (schema ? database.close() : database.drop()));
  return { database, store };
}

/** Records every event it applies, with no unique key: an event applied twice shows as two rows. */
function recordingProjection(runnerName: string): Projection {
  return {
    name: "recorded",
    version: 1,
    tables: ["recorded_events"],
    handles: ["Counted"],
    async migrate(db) {
      await sql`CREATE TABLE IF NOT EXISTS recorded_events (global_position bigint NOT NULL, runner text NOT NULL)`.execute(
        db,
      );
    },
    async apply(trx, event) {
      await sql`INSERT INTO recorded_events VALUES (${event.globalPosition}, ${runnerName})`.execute(trx);
    },
  };
}

function runner(
  process: Awaited<ReturnType<typeof openProcess>>,
  name: string,
  tryLeadership: () => Promise<LeaderLock | null>,
) {
  const r = new ProjectionRunner({
    db: process.database.db,
    store: process.store,
    projections: [recordingProjection(name)],
    tryLeadership,
    followerRetryMs: 100,
  });
  cleanups.push(() => r.stop());
  return r;
}

/** Appends `Counted` events from 8 writers until stopped; resolves to how many were appended. */
function keepWriting(store: EventStore) {
  let stop = false;
  let appended = 0;
  const writers = Array.from({ length: 8 }, async (_, w) => {
    for (let i = 0; !stop; i++) {
      await store.append(`counted-${w}-${i % 5}`, [{ type: "Counted", data: { w, i } }]);
      appended++;
    }
  });
  return async () => {
    stop = true;
    await Promise.all(writers);
    return appended;
  };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - started;
}

async function recorded(db: Awaited<ReturnType<typeof openProcess>>["database"]["db"]) {
  const { rows } = await sql<{
    total: string;
    distinct: string;
  }>`SELECT count(*) AS total, count(DISTINCT global_position) AS distinct FROM recorded_events`.execute(db);
  return { total: Number(rows[0].total), distinct: Number(rows[0].distinct) };
}

/** Kills the session holding the leader lock of `schema`, as a DBA or a network fault would. */
async function killLockSession(schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  const { rowCount } = await admin.query(
    `SELECT pg_terminate_backend(pid) FROM pg_locks
     WHERE locktype = 'advisory' AND granted AND classid = $1 AND objsubid = 2 AND objid::bigint = (hashtext($2)::bigint + 4294967296) % 4294967296`,
    [LOCK_KEY, schema],
  );
  await admin.end();
  expect(rowCount).toBe(1);
}

describe.skipIf(!testDatabaseUrl())("projection leader safety on PostgreSQL", () => {
  it("a leader whose lock connection is killed stops projecting at once; the follower takes over and no event is applied twice", {
    timeout: 60_000,
  }, async () => {
    const a = await openProcess();
    const b = await openProcess(a.database.schema);
    const leader = runner(a, "a", () => a.database.tryAdvisoryLock(LOCK_KEY));
    await leader.start();
    const follower = runner(b, "b", () => b.database.tryAdvisoryLock(LOCK_KEY));
    await follower.start();
    expect([leader.isLeader, follower.isLeader]).toEqual([true, false]);

    const stopWriting = keepWriting(a.store);
    // The first leader has applied some events before its lock is killed (on a busy machine 500 ms may not be enough).
    await new Promise((r) => setTimeout(r, 500));
    for (const started = Date.now(); (await recorded(a.database.db)).total === 0 && Date.now() - started < 10_000; )
      await new Promise((r) => setTimeout(r, 50));
    await killLockSession(a.database.schema);
    expect(await until(() => !leader.isLeader, 1000)).toBeLessThan(1000);
    await until(() => follower.isLeader, 5000);
    await new Promise((r) => setTimeout(r, 500)); // the new leader projects while writes go on
    const appended = await stopWriting();

    expect(await follower.waitFor(await b.store.head(), ["recorded"], 10_000)).toBe(true);
    expect(await recorded(b.database.db)).toEqual({ total: appended, distinct: appended });
    // The old leader tried to lead again and found the lock taken.
    await new Promise((r) => setTimeout(r, 300));
    expect(leader.isLeader).toBe(false);
    const { rows } = await sql<{ runner: string }>`SELECT DISTINCT runner FROM recorded_events ORDER BY runner`.execute(
      b.database.db,
    );
    expect(rows.map((r) => r.runner)).toEqual(["a", "b"]);
  });

  it("two projectors that both believe they lead never apply an event twice (the checkpoint is a compare-and-set)", {
    timeout: 60_000,
  }, async () => {
    const a = await openProcess();
    const b = await openProcess(a.database.schema);
    const alwaysLeader = async (): Promise<LeaderLock> => ({ async release() {} });
    const one = runner(a, "a", alwaysLeader);
    const two = runner(b, "b", alwaysLeader);
    await one.start();
    await two.start();
    const appended = await (async () => {
      const stopWriting = keepWriting(a.store);
      await new Promise((r) => setTimeout(r, 1500));
      return stopWriting();
    })();
    const head = await a.store.head();
    expect(await one.waitFor(head, ["recorded"], 10_000)).toBe(true);
    expect(await two.waitFor(head, ["recorded"], 10_000)).toBe(true);
    expect(appended).toBeGreaterThan(100);
    expect(await recorded(a.database.db)).toEqual({ total: appended, distinct: appended });
  });
});
