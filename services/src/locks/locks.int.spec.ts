import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordLockStream } from "@shop/shared";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import type { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { adminSocket, lockBody, nextLockChange, signedInClient } from "../testing/server-kit.ts";

// What needs a running server: pushes to the other editors' sockets. The rules and refusals as
// answers are in locks.api.spec.ts, on the in-memory log.
describe.each(testBackends())("record locks on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let edna: { client: TestClient; user: { id: string; name: string } };
  let rick: { client: TestClient; user: { id: string; name: string } };
  let rickSocket: Socket;
  let ednaSocket: Socket;

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place);
    edna = await signedInClient(server, "edna@example.org", "Edna Editor");
    rick = await signedInClient(server, "rick@example.org", "Rick Reviewer");
    rickSocket = await adminSocket(server.url, rick.client.cookieHeader);
    ednaSocket = await adminSocket(server.url, edna.client.cookieHeader);
  });
  afterAll(async () => {
    rickSocket?.disconnect();
    ednaSocket?.disconnect();
    await server?.close();
    await removeTestPlace(place);
  });

  it("locking a free record answers the lock, a GET right after sees it, and the other editor's socket hears it within 1 s", async () => {
    const heard = nextLockChange(rickSocket, (m) => m.id === 101 && m.lock !== null);
    const started = Date.now();
    const res = await edna.client.post("/admin/base/record-locks/?ts=1732269000000", {
      ...lockBody(101),
      reason: 2,
      comment: "fixing typos",
    });
    expect(res.status).toBe(200);
    const lock = { user: edna.user, reason: 2, comment: "fixing typos", autoCreated: false };
    expect(res.json).toEqual({ metadata: { success: true }, lock });
    expect((await edna.client.get("/admin/base/record-locks/?app=content&model=contentnode&id=101")).json).toEqual({
      metadata: { success: true },
      lock,
    });
    expect(await heard).toEqual({
      app: "content",
      model: "contentnode",
      id: 101,
      lock,
      by: edna.user,
      change: "taken",
    });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("force_unlock kicks the holder off (their socket hears who did it), then the kicker takes the lock", async () => {
    await edna.client.post("/admin/base/record-locks/", lockBody(107));
    const ednaHears = nextLockChange(ednaSocket, (m) => m.id === 107 && m.change === "kicked_off");
    const kick = await rick.client.request("DELETE", "/admin/base/record-locks/", {
      ...lockBody(107),
      force_unlock: true,
    });
    expect(kick.json).toEqual({ metadata: { success: true }, lock: null });
    expect(await ednaHears).toEqual({
      app: "content",
      model: "contentnode",
      id: 107,
      lock: null,
      by: rick.user,
      change: "kicked_off",
    });
    const retake = await rick.client.post("/admin/base/record-locks/", lockBody(107));
    expect(retake.json).toEqual({
      metadata: { success: true },
      lock: { user: rick.user, reason: 1, comment: "", autoCreated: true },
    });
    const events = await server.store.readStream(recordLockStream("content", "contentnode", 107));
    expect(events.map((e) => e.type)).toEqual(["LockTaken", "LockKickedOff", "LockTaken"]);
    expect(events[1].data).toMatchObject({ user: edna.user, by: rick.user });
  });

  it("the holder unlocks (the other socket hears lock null); unlocking a free record is a no-op success", async () => {
    await edna.client.post("/admin/base/record-locks/", lockBody(108));
    const heard = nextLockChange(rickSocket, (m) => m.id === 108 && m.lock === null);
    const res = await edna.client.request("DELETE", "/admin/base/record-locks/", lockBody(108));
    expect(res.json).toEqual({ metadata: { success: true }, lock: null });
    expect(await heard).toEqual({
      app: "content",
      model: "contentnode",
      id: 108,
      lock: null,
      by: edna.user,
      change: "released",
    });
    expect(
      (await edna.client.get("/admin/base/record-locks/?app=content&model=contentnode&id=108")).json.lock,
    ).toBeNull();
    const again = await edna.client.request("DELETE", "/admin/base/record-locks/", lockBody(108));
    expect(again.json).toEqual({ metadata: { success: true }, lock: null });
    expect((await server.store.readStream(recordLockStream("content", "contentnode", 108))).map((e) => e.type)).toEqual(
      ["LockTaken", "LockReleased"],
    );
  });
});
