// A rebuild applies each batch in a transaction of few round trips (rebuild.ts, inShadow): no savepoint,
// so a batch that fails half way is rolled back whole and applied again one event at a time.
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { START } from "@shop/shared";
import { createPostgresEventStore } from "@shop/services/eventstore/postgres-event-store";
import { openTestDatabase, testDatabaseUrl } from "@shop/services/testing/test-database";
import { testBackends } from "@shop/services/testing/backends";
import { migrateCheckpoints } from "./checkpoints.ts";
import type { Projection } from "./projection.ts";
import { rebuildProjection, rebuildProjections } from "./rebuild.ts";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Counts each user's registrations; its batch writes a stray row, then fails on the fourth event. */
function flakyBatchProjection(): Projection & { batches: number } {
  const projection = {
    name: "rebuild_batch_probe",
    version: 1,
    tables: ["rebuild_batch_probe"],
    handles: ["UserRegistered"],
    batches: 0,
    async migrate(db) {
      await sql`CREATE TABLE IF NOT EXISTS rebuild_batch_probe (id text PRIMARY KEY, n integer NOT NULL)`.execute(db);
    },
    async apply(trx, event) {
      const id = (event.data as { userId: string }).userId;
      await sql`INSERT INTO rebuild_batch_probe (id, n) VALUES (${id}, 1)
        ON CONFLICT (id) DO UPDATE SET n = rebuild_batch_probe.n + 1`.execute(trx);
    },
    async applyBatch(trx, events) {
      projection.batches++;
      await sql`INSERT INTO rebuild_batch_probe (id, n) VALUES ('stray', 99)`.execute(trx);
      if (events.length >= 4) throw new Error("this batch fails half way");
      for (const event of events) await projection.apply(trx, event);
    },
  } satisfies Projection & { batches: number };
  return projection;
}

/** Like flakyBatchProjection, but its batch fails in PostgreSQL only: a held-back write, at the COMMIT. */
function failsAtCommitProjection(): Projection & { batches: number } {
  const projection = flakyBatchProjection();
  return Object.assign(projection, {
    async applyBatch(trx: Parameters<Projection["apply"]>[0], events: Parameters<Projection["apply"]>[1][]) {
      projection.batches++;
      for (const event of events) await projection.apply(trx, event);
      await sql`INSERT INTO rebuild_batch_probe (id, n) VALUES ('stray', 99), ('stray', 98)`.execute(trx);
    },
  });
}

describe.each(testBackends())("rebuild batches on $name", ({ pglite }) => {
  it.each([
    ["fails half way", flakyBatchProjection],
    ["fails at its COMMIT (a held-back write)", failsAtCommitProjection],
  ])(
    "a rebuild batch that %s leaves none of its writes: it is applied again one event at a time",
    {
      timeout: 60_000,
    },
    async (_, makeProjection) => {
      const database = await openTestDatabase({ pglite, poolSize: 4 });
      cleanups.push(() => database.drop());
      const store = await createPostgresEventStore(database);
      await migrateCheckpoints(database.db);
      const registered = (userId: string) => ({
        type: "UserRegistered",
        data: {
          userId,
          email: `${userId}@example.org`,
          name: userId,
          role: "customer",
          registeredAt: "2026-11-29T10:00:00.000Z",
        },
      });
      for (const id of ["a", "b", "a", "c", "a"]) await store.append(`user-${id}-${Math.random()}`, [registered(id)]);

      // readAll answers only what no open transaction can still precede: wait until all five are readable.
      for (let tries = 0; (await store.readAll(START, { limit: 10 })).length < 5 && tries < 200; tries++)
        await new Promise((r) => setTimeout(r, 50));
      const projection = makeProjection();
      const applied = await rebuildProjection({ db: database.db, store, projection });
      expect(applied).toBe(5);
      expect(projection.batches).toBe(1);
      const rows = await sql<{ id: string; n: number }>`SELECT id, n FROM rebuild_batch_probe ORDER BY id`.execute(
        database.db,
      );
      expect(rows.rows).toEqual([
        { id: "a", n: 3 },
        { id: "b", n: 1 },
        { id: "c", n: 1 },
      ]);
    },
  );
});

/** Sleeps `ms` in each batch and logs its starts and ends; writes nothing. */
function sleeper(name: string, ms: number, log: Array<{ name: string; at: "start" | "end" }>): Projection {
  return {
    name,
    version: 1,
    tables: [],
    handles: ["UserRegistered"],
    async migrate() {},
    async apply() {},
    async applyBatch() {
      log.push({ name, at: "start" });
      await new Promise((r) => setTimeout(r, ms));
      log.push({ name, at: "end" });
    },
  };
}

describe.skipIf(!testDatabaseUrl())("rebuild turns (PostgreSQL: PGlite has one connection)", () => {
  it("spec 28.2 at most four batches apply at once (of a pool of ten), and the heaviest build's next batch goes first", {
    timeout: 60_000,
  }, async () => {
    const database = await openTestDatabase({ poolSize: 10 });
    cleanups.push(() => database.drop());
    const store = await createPostgresEventStore(database);
    await migrateCheckpoints(database.db);
    for (let i = 0; i < 24; i++)
      await store.append(`user-${i}`, [
        {
          type: "UserRegistered",
          data: {
            userId: `u${i}`,
            email: `u${i}@example.org`,
            name: "U",
            role: "customer",
            registeredAt: "2026-11-29T10:00:00.000Z",
          },
        },
      ]);
    const log: Array<{ name: string; at: "start" | "end" }> = [];
    const light = Array.from({ length: 11 }, (_, i) => sleeper(`light${i}`, 30, log));
    await rebuildProjections({
      db: database.db,
      store,
      projections: [...light, sleeper("heavy", 150, log)],
      batchSize: 2,
    });

    let running = 0;
    let most = 0;
    for (const entry of log) {
      running += entry.at === "start" ? 1 : -1;
      most = Math.max(most, running);
    }
    // Never more than four; on a busy machine the sleeps may overlap less, so at least three.
    expect(most).toBeLessThanOrEqual(4);
    expect(most).toBeGreaterThanOrEqual(3);
    // Between the heavy build's batch ending and its next one starting, at most the turn it freed goes
    // to another build (it asks for its next turn right after): the next turn is its own.
    const heavy = log.flatMap((entry, i) => (entry.name === "heavy" ? [{ ...entry, i }] : []));
    const lightStartsWhileHeavyWaited: number[] = [];
    for (let k = 1; k + 1 < heavy.length; k += 2)
      lightStartsWhileHeavyWaited.push(
        log.slice(heavy[k].i, heavy[k + 1].i).filter((e) => e.name !== "heavy" && e.at === "start").length,
      );
    expect(lightStartsWhileHeavyWaited).toHaveLength(11);
    // In first-come order the heavy build's second and third batches waited behind the eleven light
    // ones' (7–8 starts each, 21–24 in all); later the reader's read-ahead, not the turns, paces the
    // light ones. Heaviest first lets at most one start in each wait (3), a few more when a busy
    // machine's timers fire late.
    const [first, second, third] = lightStartsWhileHeavyWaited;
    expect(first + second + third).toBeLessThanOrEqual(8);
  });
});
