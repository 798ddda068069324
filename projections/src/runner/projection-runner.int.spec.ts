// Runs against the real event store from services/ (a test-only dependency: the runner itself only knows the port).
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { EventStore, NewEvent } from "@shop/shared";
import { createPostgresEventStore } from "@shop/services/eventstore/postgres-event-store";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { testBackends } from "@shop/services/testing/backends";
import { allProjections, readCheckpoint, rebuildProjection } from "../index.ts";
import type { Projection } from "./projection.ts";
import { ProjectionRunner } from "./projection-runner.ts";

type TestDb = Awaited<ReturnType<typeof openTestDatabase>>;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(pglite: boolean, schema?: string) {
  const database = await openTestDatabase({ pglite, schema });
  const store = await createPostgresEventStore(database);
  // The setup that made the schema drops it (cleanups run in reverse, so a second process on it closes first).
  cleanups.push(() => (schema ? database.close() : database.drop()));
  return { database, store };
}

function runnerFor(database: TestDb, store: EventStore, projections: Projection[] = allProjections) {
  const runner = new ProjectionRunner({
    db: database.db,
    store,
    projections,
    tryLeadership: () => database.tryAdvisoryLock(4242),
    followerRetryMs: 100,
  });
  cleanups.push(() => runner.stop());
  return runner;
}

/** Random account histories: registrations, renames, staff changes, logins and logouts over many users. */
function randomAccountEvents(seed: number, count: number): Array<{ stream: string; event: NewEvent }> {
  let x = seed;
  const rand = (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
  const users: string[] = [];
  const sessions = new Map<string, string[]>();
  const out: Array<{ stream: string; event: NewEvent }> = [];
  for (let i = 0; i < count; i++) {
    const kind = users.length < 5 ? 0 : rand(7);
    if (kind === 0) {
      const id = `u${users.length}`;
      users.push(id);
      out.push({
        stream: `user-${id}`,
        event: {
          type: "UserRegistered",
          data: {
            userId: id,
            email: `${id}@example.org`,
            name: `User ${i}`,
            isStaff: rand(2) === 0,
            passwordHash: `h${i}`,
            registeredAt: new Date(1e12 + i).toISOString(),
          },
        },
      });
      continue;
    }
    const id = users[rand(users.length)];
    const stream = `user-${id}`;
    if (kind === 1) out.push({ stream, event: { type: "UserRenamed", data: { userId: id, name: `Renamed ${i}` } } });
    else if (kind === 2)
      out.push({ stream, event: { type: rand(2) ? "UserStaffGranted" : "UserStaffRevoked", data: { userId: id } } });
    else if (kind === 3)
      out.push({ stream, event: { type: "UserPasswordChanged", data: { userId: id, passwordHash: `p${i}` } } });
    else if (kind === 4 && sessions.get(id)?.length) {
      const list = sessions.get(id)!;
      out.push({
        stream,
        event: { type: "UserLoggedOut", data: { userId: id, sessionHash: list.splice(rand(list.length), 1)[0] } },
      });
    } else {
      const hash = `s${i}`;
      sessions.set(id, [...(sessions.get(id) ?? []), hash]);
      out.push({
        stream,
        event: {
          type: "UserLoggedIn",
          data: {
            userId: id,
            sessionHash: hash,
            loggedInAt: new Date(1e12 + i).toISOString(),
            expiresAt: new Date(2e12 + i).toISOString(),
          },
        },
      });
    }
  }
  return out;
}

async function snapshot(database: TestDb, projection: Projection) {
  const tables: Record<string, unknown[]> = {};
  for (const table of projection.tables) {
    const { rows } = await sql`SELECT * FROM ${sql.table(table)} ORDER BY 1`.execute(database.db);
    tables[table] = rows;
  }
  return tables;
}

describe.each(testBackends())("projection runner on $name", ({ pglite }) => {
  // A few thousand on PostgreSQL; fewer on PGlite, whose single session is much slower.
  const eventCount = pglite ? 1500 : 4000;

  it("rebuilding a read model from position 0 gives tables equal row for row to the live ones", {
    timeout: 120_000,
  }, async () => {
    const { database, store } = await setup(pglite);
    const runner = runnerFor(database, store);
    await runner.start();
    const events = randomAccountEvents(7, eventCount);
    // Eight writers at once, so live projection sees commits interleaved as in production.
    const writers = Array.from({ length: 8 }, (_, w) => events.filter((_, i) => i % 8 === w));
    const byStream = new Map<string, Promise<unknown>>();
    await Promise.all(
      writers.map(async (mine) => {
        for (const { stream, event } of mine) {
          // Per-stream order matters (a logout after its login): chain appends of one stream.
          const previous = byStream.get(stream) ?? Promise.resolve();
          const next = previous.then(() => store.append(stream, [event]));
          byStream.set(stream, next);
          await next;
        }
      }),
    );
    await Promise.all(byStream.values());
    // A loaded machine may need longer than the default 5 s: the live tables must be complete first.
    expect(await runner.waitFor(await store.head(), undefined, 60_000)).toBe(true);
    const live = Object.fromEntries(
      await Promise.all(allProjections.map(async (p) => [p.name, await snapshot(database, p)] as const)),
    );
    expect((live.users as any).users.length).toBeGreaterThan(50);
    expect((live.sessions as any).sessions.length).toBeGreaterThan(50);
    await runner.stop();
    for (const projection of allProjections) {
      const applied = await rebuildProjection({ db: database.db, store, projection });
      expect(applied).toBe(eventCount);
      expect(await snapshot(database, projection)).toEqual(live[projection.name]);
    }
  });

  it("a batch whose projection fails is rolled back with its checkpoint, so no event is applied twice", async () => {
    const { database, store } = await setup(pglite);
    let failOnce = true;
    const counting: Projection = {
      name: "counting",
      version: 1,
      tables: ["event_count"],
      handles: ["Counted"],
      async migrate(db) {
        await sql`CREATE TABLE IF NOT EXISTS event_count (id int PRIMARY KEY, n int NOT NULL)`.execute(db);
        await sql`INSERT INTO event_count VALUES (1, 0) ON CONFLICT DO NOTHING`.execute(db);
      },
      async apply(trx, event) {
        await sql`UPDATE event_count SET n = n + 1 WHERE id = 1`.execute(trx);
        if (failOnce && (event.data as { i: number }).i === 7) {
          failOnce = false;
          throw new Error("projector crashed mid-batch");
        }
      },
    };
    for (let i = 0; i < 20; i++) await store.append(`c-${i % 3}`, [{ type: "Counted", data: { i } }]);
    const runner = runnerFor(database, store, [counting]);
    await runner.start();
    expect(await runner.waitFor(await store.head(), ["counting"], 10_000)).toBe(true);
    const { rows } = await sql<{ n: number }>`SELECT n FROM event_count`.execute(database.db);
    expect(rows[0].n).toBe(20);
    expect((await readCheckpoint(database.db, "counting"))!.eventsApplied).toBe(20);
  });

  it("a read right after a write sees it: waitFor resolves once every projection has the position", async () => {
    const { database, store } = await setup(pglite);
    const runner = runnerFor(database, store);
    await runner.start();
    for (let i = 0; i < 20; i++) {
      const { position } = await store.append(`user-r${i}`, [
        {
          type: "UserRegistered",
          data: {
            userId: `r${i}`,
            email: `r${i}@x.org`,
            name: "R",
            isStaff: false,
            passwordHash: "h",
            registeredAt: new Date().toISOString(),
          },
        },
      ]);
      expect(await runner.waitFor(position)).toBe(true);
      const row = await database.db.selectFrom("users").select("email").where("id", "=", `r${i}`).executeTakeFirst();
      expect(row?.email).toBe(`r${i}@x.org`);
    }
  });
  it("a read model's change stamp moves after a batch it applied, and not after batches it skipped", async () => {
    const { database, store } = await setup(pglite);
    const runner = runnerFor(database, store);
    await runner.start();
    const register = (id: string) =>
      store.append(`user-${id}`, [
        {
          type: "UserRegistered",
          data: {
            userId: id,
            email: `${id}@x.org`,
            name: "S",
            isStaff: false,
            passwordHash: "h",
            registeredAt: new Date().toISOString(),
          },
        },
      ]);
    expect(await runner.waitFor((await register("s1")).position)).toBe(true);
    const users = runner.changeStamp("users");
    const catalog = runner.changeStamp("catalog");
    expect(users).not.toBeNull();
    expect(await runner.waitFor((await register("s2")).position)).toBe(true);
    expect(runner.changeStamp("users")).not.toBe(users);
    expect(runner.changeStamp("catalog")).toBe(catalog); // the catalog skipped the user's event
    await runner.stop();
    expect(runner.changeStamp("users")).toBeNull(); // a process that does not project cannot tell
  });
});

describe.skipIf(!testBackends().some((b) => !b.pglite))("projection leadership on PostgreSQL", () => {
  it("only one process projects; a follower waits for positions and takes over when the leader stops", async () => {
    const a = await setup(false);
    const b = await setup(false, a.database.schema);
    const leader = runnerFor(a.database, a.store);
    await leader.start();
    const follower = runnerFor(b.database, b.store);
    await follower.start();
    expect(leader.isLeader).toBe(true);
    expect(follower.isLeader).toBe(false);

    const first = await a.store.append("user-f1", [
      {
        type: "UserRegistered",
        data: {
          userId: "f1",
          email: "f1@x.org",
          name: "F",
          isStaff: false,
          passwordHash: "h",
          registeredAt: new Date().toISOString(),
        },
      },
    ]);
    // The follower sees the leader's progress through the checkpoints table.
    expect(await follower.waitFor(first.position)).toBe(true);

    await leader.stop();
    const deadline = Date.now() + 5000;
    while (!follower.isLeader && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(follower.isLeader).toBe(true);
    const second = await b.store.append("user-f2", [
      {
        type: "UserRegistered",
        data: {
          userId: "f2",
          email: "f2@x.org",
          name: "F2",
          isStaff: false,
          passwordHash: "h",
          registeredAt: new Date().toISOString(),
        },
      },
    ]);
    expect(await follower.waitFor(second.position)).toBe(true);
    const rows = await b.database.db.selectFrom("users").select("id").orderBy("id").execute();
    expect(rows.map((r) => r.id)).toEqual(["f1", "f2"]);
    expect(await readCheckpoint(b.database.db, "users")).toMatchObject({ eventsApplied: 2 });
  });
});
