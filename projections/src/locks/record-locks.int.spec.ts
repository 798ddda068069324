// Drives the real lock commands from services/ (test-only dependency) and checks the table against the streams.
import { afterEach, describe, expect, it } from "vitest";
import { recordLockStream, RecordLockedError } from "@shop/shared";
import { createPostgresEventStore } from "@shop/services/eventstore/postgres-event-store";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { testBackends } from "@shop/services/testing/backends";
import { runLockCommand } from "@shop/services/locks/lock-commands";
import { rebuildProjection } from "../runner/rebuild.ts";
import { ProjectionRunner } from "../runner/projection-runner.ts";
import { recordLocksProjection } from "./record-locks-projection.ts";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const rowsOf = (db: any) =>
  db.selectFrom("record_locks").selectAll().orderBy("app").orderBy("model").orderBy("id").execute();

describe.each(testBackends())("record_locks read model on $name", ({ pglite }) => {
  it("shows exactly the locks the streams hold after random takes, releases, kick-offs and expiries, and a rebuild gives equal rows", {
    timeout: 120_000,
  }, async () => {
    const database = await openTestDatabase({ pglite });
    cleanups.push(() => database.drop());
    const store = await createPostgresEventStore(database);
    const runner = new ProjectionRunner({
      db: database.db,
      store,
      projections: [recordLocksProjection],
      tryLeadership: () => database.tryAdvisoryLock(4243),
    });
    cleanups.push(() => runner.stop());
    await runner.start();

    let x = 7;
    const rand = (n: number) => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return x % n;
    };
    const users = Array.from({ length: 4 }, (_, i) => ({ id: `u${i}`, name: `User ${i}` }));
    const records = Array.from({ length: 6 }, (_, i) => ({
      app: i % 2 ? "content" : "tree",
      model: i % 2 ? "contentnode" : "menunode",
      id: i + 1,
    }));
    for (let i = 0; i < 200; i++) {
      const rec = records[rand(records.length)];
      const user = users[rand(users.length)];
      const now = new Date(1.8e12 + i * 1000);
      const kind = rand(4);
      try {
        if (kind <= 1)
          await runLockCommand(store, {
            type: "TakeLock",
            data: { ...rec, user, reason: rand(3) + 1, comment: `c${i}`, autoCreated: rand(2) === 0, now },
          });
        else if (kind === 2)
          await runLockCommand(store, { type: "ReleaseLock", data: { ...rec, by: user, force: rand(2) === 0, now } });
        else {
          const held = (await store.readStream(recordLockStream(rec.app, rec.model, rec.id)))
            .filter((e) => e.type === "LockTaken")
            .pop();
          if (held) {
            const d = held.data as { user: { id: string }; takenAt: string };
            await runLockCommand(store, {
              type: "ExpireLock",
              data: { ...rec, holderId: d.user.id, takenAt: d.takenAt, now },
            });
          }
        }
      } catch (e) {
        if (!(e instanceof RecordLockedError)) throw e;
      }
    }
    await runner.catchUp();

    const expected = [];
    for (const rec of records) {
      let held: any = null;
      for (const e of await store.readStream(recordLockStream(rec.app, rec.model, rec.id)))
        held = e.type === "LockTaken" ? e.data : null;
      if (held)
        expected.push({
          ...rec,
          user_id: held.user.id,
          user_name: held.user.name,
          reason: held.reason,
          comment: held.comment,
          auto_created: held.autoCreated,
          taken_at: new Date(held.takenAt),
        });
    }
    expect(expected.length).toBeGreaterThan(0);
    const live = await rowsOf(database.db);
    const sorted = expected.sort((a, b) => a.app.localeCompare(b.app) || a.model.localeCompare(b.model) || a.id - b.id);
    expect(live.map((r: any) => ({ ...r, taken_at: new Date(r.taken_at) }))).toEqual(sorted);

    await runner.stop();
    await rebuildProjection({ db: database.db, store, projection: recordLocksProjection });
    expect(await rowsOf(database.db)).toEqual(live);
  });
});
