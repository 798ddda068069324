// Read-your-writes on a follower process (issue 28, the giving-day bench): requests waiting for their
// writes to reach the read models poll the stored checkpoints. They share one read at a time, so two
// hundred waiting requests do not take the pool and PostgreSQL from the writes they wait on.
import { sql, type KyselyPlugin } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createPostgresEventStore } from "@shop/services/eventstore/postgres-event-store";
import { openTestDatabase, testDatabaseUrl } from "@shop/services/testing/test-database";
import type { Projection } from "./projection.ts";
import { ProjectionRunner } from "./projection-runner.ts";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const counted: Projection = {
  name: "counted",
  version: 1,
  tables: ["counted_events"],
  handles: ["Counted"],
  async migrate(db) {
    await sql`CREATE TABLE IF NOT EXISTS counted_events (global_position bigint NOT NULL)`.execute(db);
  },
  async apply(trx, event) {
    await sql`INSERT INTO counted_events VALUES (${event.globalPosition})`.execute(trx);
  },
};

/** Counts the statements that read projection_checkpoints. */
function checkpointReads() {
  let reads = 0;
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      const text = JSON.stringify(args.node);
      if (/projection_checkpoints/.test(text) && /SELECT/i.test(text)) reads++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { plugin, reads: () => reads };
}

describe.skipIf(!testDatabaseUrl())("read-your-writes on a follower (PostgreSQL)", () => {
  it("a follower's 200 waiting requests share one checkpoint read at a time", { timeout: 30_000 }, async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.drop());
    const store = await createPostgresEventStore(database);
    const counter = checkpointReads();
    const follower = new ProjectionRunner({
      db: database.db.withPlugin(counter.plugin),
      store,
      projections: [counted],
      tryLeadership: async () => null, // another process leads; this one never does
      followerRetryMs: 60_000,
    });
    cleanups.push(() => follower.stop());
    await follower.start();
    expect(follower.isLeader).toBe(false);
    const { position } = await store.append("counter-1", [{ type: "Counted", data: {} }]);

    const before = counter.reads();
    const waited = await Promise.all(Array.from({ length: 200 }, () => follower.waitFor(position, ["counted"], 500)));
    const reads = counter.reads() - before;

    expect(waited.every((reached) => reached === false)).toBe(true); // nobody projects: all time out
    // One read per 10 ms poll at the most (about 50 in 500 ms), where each waiter polling alone read
    // about 200 × 50 = 10,000 times.
    expect(reads).toBeGreaterThan(0);
    expect(reads).toBeLessThan(120);
  });
});
