import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordLockStream } from "@shop/shared";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import type { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { adminSocket, lockBody, nextLockChange, signedInClient } from "../testing/server-kit.ts";

// The production 60 s / 5 s / 10 s shrunk so a crashed browser's lock expires within the test.
const timings = { expireAfterMs: 1000, sweepEveryMs: 100, heartbeatEveryMs: 200 };

describe.each(testBackends())("automatic lock expiry on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let edna: { client: TestClient; user: { id: string; name: string } };
  let rick: { client: TestClient; user: { id: string; name: string } };
  let rickSocket: Socket;

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place, { locks: timings });
    edna = await signedInClient(server, "edna@example.org", "Edna Editor");
    rick = await signedInClient(server, "rick@example.org", "Rick Reviewer");
    rickSocket = await adminSocket(server.url, rick.client.cookieHeader);
  });
  afterAll(async () => {
    rickSocket?.disconnect();
    await server?.close();
    await removeTestPlace(place);
  });

  const lockOf = async (id: number) =>
    (await rick.client.get(`/admin/base/record-locks/?app=content&model=contentnode&id=${id}`)).json.lock;

  it("when an editor's last admin socket goes away, their automatic lock expires and other editors hear lock null within 1 s of the LockExpired event", async () => {
    const ednaSocket = await adminSocket(server.url, edna.client.cookieHeader);
    await edna.client.post("/admin/base/record-locks/", lockBody(700));
    await edna.client.post("/admin/base/record-locks/", { ...lockBody(701), reason: 2, comment: "long edit" });
    await rick.client.post("/admin/base/record-locks/", lockBody(702));

    const expired = nextLockChange(rickSocket, (m) => m.id === 700 && m.lock === null, 4000);
    const left = Date.now();
    ednaSocket.disconnect();
    expect(await expired).toEqual({
      app: "content",
      model: "contentnode",
      id: 700,
      lock: null,
      by: { id: "system", name: "System" },
      change: "expired",
    });
    const heardAt = Date.now();
    // Not before the expiry time has passed since she left (minus a sweep's slack).
    expect(heardAt - left).toBeGreaterThanOrEqual(timings.expireAfterMs - timings.sweepEveryMs);
    await server.runner.catchUp(); // the push may overtake the read model
    expect(await lockOf(700)).toBeNull();
    const events = await server.store.readStream(recordLockStream("content", "contentnode", 700));
    expect(events.map((e) => e.type)).toEqual(["LockTaken", "LockExpired"]);
    expect(events[1].data).toMatchObject({ user: edna.user });
    // The other editor hears of it within 1 s of the LockExpired event being appended.
    expect(heardAt - events[1].createdAt.getTime()).toBeLessThan(1000);
    // A lock with a reason other than 1 is a deliberate one: it stays.
    expect((await lockOf(701)).user).toEqual(edna.user);
  });

  it("an editor whose admin socket stays connected keeps their automatic lock past the expiry time", async () => {
    await new Promise((r) => setTimeout(r, timings.expireAfterMs * 1.5));
    expect(await lockOf(702)).toEqual({ user: rick.user, reason: 1, comment: "", autoCreated: true });
  });

  it("an editor who comes back before the expiry time keeps their lock", async () => {
    let socket = await adminSocket(server.url, edna.client.cookieHeader);
    await edna.client.post("/admin/base/record-locks/", lockBody(703));
    socket.disconnect();
    await new Promise((r) => setTimeout(r, timings.expireAfterMs / 2));
    socket = await adminSocket(server.url, edna.client.cookieHeader);
    await new Promise((r) => setTimeout(r, timings.expireAfterMs * 1.2));
    expect((await lockOf(703)).user).toEqual(edna.user);
    socket.disconnect();
  });
});

describe.skipIf(!testBackends().some((b) => !b.pglite))(
  "lock expiry with two server processes on one PostgreSQL",
  () => {
    let place: TestServerPlace;
    let one: RunningServer;
    let two: RunningServer;

    beforeAll(async () => {
      place = newTestPlace();
      one = await startTestServer(place, { locks: timings });
      two = await startTestServer(place, { locks: timings });
    });
    afterAll(async () => {
      await one?.close();
      await two?.close();
      await removeTestPlace(place);
    });

    it("an editor connected to the other process keeps their lock; when they leave it, the lock expires and process 1's sockets hear it within 1 s of the event", async () => {
      // Process 1 started first, so it leads projections and runs the sweeper; Edna is only on process 2.
      expect(one.runner.isLeader).toBe(true);
      const edna = await signedInClient(two, "edna@example.org", "Edna Editor");
      const rick = await signedInClient(one, "rick@example.org", "Rick Reviewer");
      const rickSocket = await adminSocket(one.url, rick.client.cookieHeader);
      const ednaSocket = await adminSocket(two.url, edna.client.cookieHeader);
      try {
        await edna.client.post("/admin/base/record-locks/", lockBody(800));
        await new Promise((r) => setTimeout(r, timings.expireAfterMs * 1.5));
        expect(
          (await rick.client.get("/admin/base/record-locks/?app=content&model=contentnode&id=800")).json.lock.user,
        ).toEqual(edna.user);

        const expired = nextLockChange(rickSocket, (m) => m.id === 800 && m.change === "expired", 4000);
        ednaSocket.disconnect();
        await expired;
        const heardAt = Date.now();
        const [, expiry] = await one.store.readStream(recordLockStream("content", "contentnode", 800));
        expect(expiry.type).toBe("LockExpired");
        expect(heardAt - expiry.createdAt.getTime()).toBeLessThan(1000);
        // The push can overtake the read model (both tail the log); the push itself carries the new state.
        await one.runner.catchUp();
        expect(
          (await edna.client.get("/admin/base/record-locks/?app=content&model=contentnode&id=800")).json.lock,
        ).toBeNull();
      } finally {
        rickSocket.disconnect();
        ednaSocket.disconnect();
      }
    });
  },
);
