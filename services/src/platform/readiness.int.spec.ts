import { afterEach, describe, expect, it } from "vitest";
import { createPostgresEventStore } from "../eventstore/postgres-event-store.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { openDatabase } from "./database.ts";
import { PROJECTION_LEADER_LOCK } from "./leader-lock.ts";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function readyz(server: RunningServer) {
  const res = await fetch(`${server.url}/readyz`);
  return { status: res.status, body: await res.json() };
}

async function started(place: TestServerPlace): Promise<RunningServer> {
  const server = await startTestServer(place);
  cleanups.push(() => server.close());
  return server;
}

describe.each(testBackends())("/readyz on $name", ({ pglite }) => {
  it("answers ready once the read models have caught up, and 503 'stopping' from the moment shutdown begins", async () => {
    const place = newTestPlace({ pglite });
    cleanups.push(() => removeTestPlace(place));
    const server = await started(place);
    const deadline = Date.now() + 10_000;
    while ((await readyz(server)).status !== 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await readyz(server)).toEqual({ status: 200, body: { status: "ready" } });
    const closing = server.close();
    expect(await server.readiness()).toBe("stopping");
    await closing;
  });
});

describe.skipIf(!testBackends().some((b) => !b.pglite))("/readyz at start-up on PostgreSQL", () => {
  it("answers 503 'starting' while the read models are behind the log as it was at start-up", async () => {
    const place = newTestPlace();
    cleanups.push(() => removeTestPlace(place));
    // Events already in the log, and another process holding the projection leader lock without projecting.
    const other = await openDatabase({ url: place.url, schema: place.schema });
    cleanups.push(() => other.close());
    const store = await createPostgresEventStore(other);
    await store.append("user-early", [
      {
        type: "UserRegistered",
        data: {
          userId: "early",
          email: "early@x.org",
          name: "E",
          isStaff: false,
          passwordHash: "h",
          registeredAt: new Date().toISOString(),
        },
      },
    ]);
    const lock = await other.tryAdvisoryLock(PROJECTION_LEADER_LOCK);
    expect(lock).not.toBeNull();

    const server = await started(place);
    await new Promise((r) => setTimeout(r, 300));
    expect(await readyz(server)).toEqual({ status: 503, body: { status: "starting" } });

    await lock!.release(); // the server takes over, projects, and becomes ready
    const deadline = Date.now() + 10_000;
    while ((await readyz(server)).status !== 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await readyz(server)).toEqual({ status: 200, body: { status: "ready" } });
  });
});
