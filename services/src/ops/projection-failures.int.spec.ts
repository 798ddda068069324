// Core hardening 2 on a real server: one read model that cannot take an event stops alone, and the
// failure shows where operators look (/readyz, `ops projections`, the log), while the rest goes on.
import { afterEach, describe, expect, it } from "vitest";
import { allProjections } from "@shop/projections";
import type { EventStore } from "@shop/shared";
import { createPostgresEventStore } from "../eventstore/postgres-event-store.ts";
import { adminSocket, signedInClient } from "../testing/server-kit.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { newTestPlace, removeTestPlace, startTestServer } from "../testing/test-server.ts";
import type { OpsContext } from "./ops-context.ts";
import { projectionStatus, replay } from "./projection-commands.ts";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function readyz(server: RunningServer) {
  const res = await fetch(`${server.url}/readyz`);
  return { status: res.status, body: await res.json() };
}

function opsContext(server: RunningServer): OpsContext {
  return { config: {} as OpsContext["config"], database: server.database, store: server.store, close: async () => {} };
}

const keyword = (id: number, slug: string) => ({
  type: "KeywordCreated",
  data: { id, name: slug, slug, monthlySearches: 0, createdAt: new Date().toISOString(), by: null },
});

async function appendUser(store: EventStore, id: string) {
  return store.append(`user-${id}`, [
    {
      type: "UserRegistered",
      data: {
        userId: id,
        email: `${id}@x.org`,
        name: id,
        isStaff: false,
        passwordHash: "h",
        registeredAt: new Date().toISOString(),
      },
    },
  ]);
}

describe.each(testBackends())("a read model that cannot take an event, on $name", ({ pglite }) => {
  it("core hardening 2: a projector that throws stops only its read model; /readyz answers 503 naming it, ops projections shows it failed, pushes go on", {
    timeout: 120_000,
  }, async () => {
    const place = newTestPlace({ pglite });
    cleanups.push(() => removeTestPlace(place));
    const server = await startTestServer(place);
    cleanups.push(() => server.close());
    const { client } = await signedInClient(server, "edna@example.org", "Edna");
    const socket = await adminSocket(server.url, client.cookieHeader);
    cleanups.push(async () => void socket.close());
    const pushed: Array<{ stream: string; type: string }> = [];
    socket.on("audit:event", (m) => pushed.push(m));

    // Two keywords with one slug (written past the API, as a bug would): the second breaks keywords' UNIQUE.
    await server.store.append("keyword-1", [keyword(1, "ark")]);
    const bad = await server.store.append("keyword-2", [keyword(2, "ark")]);
    const after = await appendUser(server.store, "after-the-bad-one");

    const others = allProjections.map((p) => p.name).filter((n) => n !== "keywords");
    expect(await server.runner.waitFor(after.position, others, 10_000)).toBe(true);
    const started = Date.now();
    expect(await server.runner.waitFor(after.position, ["keywords"], 5000)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000); // a stopped read model is not waited for
    expect(
      (await server.database.db.selectFrom("users").select("id").where("id", "=", "after-the-bad-one").execute())
        .length,
    ).toBe(1);
    expect((await server.database.db.selectFrom("keywords").select("id").execute()).map((r) => r.id)).toEqual([1]);

    const ready = await readyz(server);
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({
      status: "failed",
      failed: [
        {
          projection: "keywords",
          position: `${bad.position.major}/${bad.position.minor}`,
          globalPosition: Number(bad.position.minor),
          stream: "keyword-2",
          type: "KeywordCreated",
          error: expect.stringMatching(/duplicate key value violates unique constraint/),
          failedAt: expect.any(String),
        },
      ],
    });

    const status = await projectionStatus(opsContext(server));
    expect(status).toMatch(/^keywords\s+1\s+\d+\s+2\s+\S+\s+failed$/m);
    expect(status).toMatch(/^users\s+2\s+\d+\s+0\s+\S+\s+ok$/m);
    expect(status).toContain(
      `keywords failed at global position ${bad.position.minor} (log ${bad.position.major}/${bad.position.minor}), stream keyword-2, type KeywordCreated`,
    );
    expect(status).toMatch(/duplicate key value violates unique constraint/);

    // Not looped on: the failure stays as recorded, nobody keeps retrying it.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await readyz(server)).body.failed[0].failedAt).toBe(ready.body.failed[0].failedAt);

    // A replay without a fix fails the same way and leaves the old tables serving.
    await expect(
      replay(opsContext(server), { chosen: allProjections.filter((p) => p.name === "keywords") }, devNull()),
    ).rejects.toThrow(/keywords: FAILED, kept the old tables: .*keyword-2/);
    expect((await server.database.db.selectFrom("keywords").select("id").execute()).map((r) => r.id)).toEqual([1]);

    // Live pushes went on past the bad event.
    const deadline = Date.now() + 5000;
    while (!pushed.some((m) => m.stream === "user-after-the-bad-one") && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(pushed.map((m) => m.stream)).toEqual(expect.arrayContaining(["keyword-2", "user-after-the-bad-one"]));
  });

  it("core hardening 2: an event whose stored data fails its schema stops the read models that read its type, is reported, and pushes skip it", {
    timeout: 120_000,
  }, async () => {
    const place = newTestPlace({ pglite });
    cleanups.push(() => removeTestPlace(place));
    const server = await startTestServer(place);
    cleanups.push(() => server.close());
    const { client } = await signedInClient(server, "edna@example.org", "Edna");
    const socket = await adminSocket(server.url, client.cookieHeader);
    cleanups.push(async () => void socket.close());
    const pushed: Array<{ stream: string; type: string }> = [];
    socket.on("audit:event", (m) => pushed.push(m));

    // A store without the registry writes what it is given, as an older or buggy writer would have.
    const raw = await createPostgresEventStore(server.database);
    const bad = await raw.append("menunode-9", [
      { type: "PendingRewriteBatchRecorded", data: { batchId: "not a number", nodeId: 9 } },
    ]);
    const after = await appendUser(server.store, "after-the-bad-one");

    const stopped = ["menu-nodes", "pending-rewrite-batches"];
    const others = allProjections.map((p) => p.name).filter((n) => !stopped.includes(n));
    expect(await server.runner.waitFor(after.position, others, 10_000)).toBe(true);
    for (const name of stopped) expect(await server.runner.waitFor(after.position, [name], 5000)).toBe(false);
    const ready = await readyz(server);
    expect(ready.status).toBe(503);
    expect(ready.body.failed.map((f: { projection: string }) => f.projection).sort()).toEqual(stopped);
    for (const failure of ready.body.failed) {
      expect(failure).toMatchObject({
        stream: "menunode-9",
        type: "PendingRewriteBatchRecorded",
        globalPosition: Number(bad.position.minor),
      });
      expect(failure.error).toMatch(
        /^Event PendingRewriteBatchRecorded at menunode-9 #0 .* does not match its schema: batchId: /,
      );
    }
    expect(await projectionStatus(opsContext(server))).toMatch(
      /^pending-rewrite-batches\s+1\s+(\d+|never run)\s+\d+\s+\S+\s+failed$/m,
    );

    const deadline = Date.now() + 5000;
    while (!pushed.some((m) => m.stream === "user-after-the-bad-one") && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(pushed.map((m) => m.stream)).toContain("user-after-the-bad-one");
    expect(pushed.map((m) => m.stream)).not.toContain("menunode-9");
  });
});

/** A progress bar's stream that prints nothing. */
function devNull(): NodeJS.WriteStream {
  return {
    isTTY: false,
    write: () => true,
    on: () => undefined,
    once: () => undefined,
    removeListener: () => undefined,
    columns: 80,
  } as unknown as NodeJS.WriteStream;
}
