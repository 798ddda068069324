import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordLockStream } from "@shop/shared";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import type { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { adminSocket, lockBody, nextLockChange, signedInClient } from "../testing/server-kit.ts";

const LOCKED = "Object is already locked!";
const refusedBy = (user: { id: string; name: string }, reason = 1, comment = "", autoCreated = true) => ({
  metadata: { success: false, message: LOCKED, errors: [LOCKED] },
  lock: { user, reason, comment, autoCreated },
});

describe.each(testBackends())("record locks on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let edna: { client: TestClient; user: { id: string; name: string } };
  let rick: { client: TestClient; user: { id: string; name: string } };
  let sam: { client: TestClient; user: { id: string; name: string } };
  let rickSocket: Socket;
  let ednaSocket: Socket;

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place);
    edna = await signedInClient(server, "edna@example.org", "Edna Editor");
    rick = await signedInClient(server, "rick@example.org", "Rick Reviewer");
    sam = await signedInClient(server, "sam@example.org", "Sam Shopper", false);
    rickSocket = await adminSocket(server.url, rick.client.cookieHeader);
    ednaSocket = await adminSocket(server.url, edna.client.cookieHeader);
  });
  afterAll(async () => {
    rickSocket?.disconnect();
    ednaSocket?.disconnect();
    await server?.close();
    await removeTestPlace(place);
  });

  it("the reasons list starts with 1 'Automatic'", async () => {
    const res = await edna.client.get("/admin/base/record-lock-reasons/");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      metadata: { success: true },
      items: [
        { id: 1, title: "Automatic" },
        { id: 2, title: "Editing content" },
        { id: 3, title: "Reviewing" },
        { id: 4, title: "Other" },
      ],
      total: 4,
      count: 4,
      start: 0,
    });
  });

  it("a free record answers lock null", async () => {
    const res = await edna.client.get("/admin/base/record-locks/?app=content&model=contentnode&id=100");
    expect(res.json).toEqual({ metadata: { success: true }, lock: null });
  });

  it("locking a free record answers the lock, a GET right after sees it, and the other editor's socket hears it within 1 s", async () => {
    const heard = nextLockChange(rickSocket, (m) => m.id === 101 && m.lock !== null);
    const started = Date.now();
    const res = await edna.client.post("/admin/base/record-locks/?ts=1732269000000", { ...lockBody(101), reason: 2, comment: "fixing typos" });
    expect(res.status).toBe(200);
    const lock = { user: edna.user, reason: 2, comment: "fixing typos", autoCreated: false };
    expect(res.json).toEqual({ metadata: { success: true }, lock });
    expect((await edna.client.get("/admin/base/record-locks/?app=content&model=contentnode&id=101")).json).toEqual({ metadata: { success: true }, lock });
    expect(await heard).toEqual({ app: "content", model: "contentnode", id: 101, lock, by: edna.user, change: "taken" });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("reason 1 (or isAuto) is an automatic lock; a missing reason means 1", async () => {
    const res = await edna.client.post("/admin/base/record-locks/?ts=1", { objs: [{ app: "content", model: "contentnode", id: "102", isAuto: true }], reason: 1, comment: "" });
    expect(res.json).toEqual({ metadata: { success: true }, lock: { user: edna.user, reason: 1, comment: "", autoCreated: true } });
    const bare = await edna.client.post("/admin/base/record-locks/", lockBody(103));
    expect(bare.json.lock).toEqual({ user: edna.user, reason: 1, comment: "", autoCreated: true });
  });

  it("re-taking your own lock releases it first, then takes it anew", async () => {
    await edna.client.post("/admin/base/record-locks/", lockBody(104));
    const res = await edna.client.post("/admin/base/record-locks/", { ...lockBody(104), reason: 3, comment: "second look" });
    expect(res.json).toEqual({ metadata: { success: true }, lock: { user: edna.user, reason: 3, comment: "second look", autoCreated: false } });
    const events = await server.store.readStream(recordLockStream("content", "contentnode", 104));
    expect(events.map((e) => e.type)).toEqual(["LockTaken", "LockReleased", "LockTaken"]);
    expect(events[0].metadata.userId).toBe(edna.user.id);
  });

  it("another editor's lock is refused with 'Object is already locked!' and the holder, and nothing changes", async () => {
    await edna.client.post("/admin/base/record-locks/", { ...lockBody(105), reason: 2, comment: "mine" });
    const res = await rick.client.post("/admin/base/record-locks/", lockBody(105));
    expect(res.status).toBe(409);
    expect(res.json).toEqual(refusedBy(edna.user, 2, "mine", false));
    expect((await rick.client.get("/admin/base/record-locks/?app=content&model=contentnode&id=105")).json.lock.user).toEqual(edna.user);
  });

  it("unlocking another editor's lock without force_unlock is refused with the holder", async () => {
    await edna.client.post("/admin/base/record-locks/", lockBody(106));
    const res = await rick.client.request("DELETE", "/admin/base/record-locks/", { ...lockBody(106), force_unlock: false });
    expect(res.status).toBe(409);
    expect(res.json).toEqual(refusedBy(edna.user));
  });

  it("force_unlock kicks the holder off (their socket hears who did it), then the kicker takes the lock", async () => {
    await edna.client.post("/admin/base/record-locks/", lockBody(107));
    const ednaHears = nextLockChange(ednaSocket, (m) => m.id === 107 && m.change === "kicked_off");
    const kick = await rick.client.request("DELETE", "/admin/base/record-locks/", { ...lockBody(107), force_unlock: true });
    expect(kick.json).toEqual({ metadata: { success: true }, lock: null });
    expect(await ednaHears).toEqual({ app: "content", model: "contentnode", id: 107, lock: null, by: rick.user, change: "kicked_off" });
    const retake = await rick.client.post("/admin/base/record-locks/", lockBody(107));
    expect(retake.json).toEqual({ metadata: { success: true }, lock: { user: rick.user, reason: 1, comment: "", autoCreated: true } });
    const events = await server.store.readStream(recordLockStream("content", "contentnode", 107));
    expect(events.map((e) => e.type)).toEqual(["LockTaken", "LockKickedOff", "LockTaken"]);
    expect(events[1].data).toMatchObject({ user: edna.user, by: rick.user });
  });

  it("the holder unlocks (the other socket hears lock null); unlocking a free record is a no-op success", async () => {
    await edna.client.post("/admin/base/record-locks/", lockBody(108));
    const heard = nextLockChange(rickSocket, (m) => m.id === 108 && m.lock === null);
    const res = await edna.client.request("DELETE", "/admin/base/record-locks/", lockBody(108));
    expect(res.json).toEqual({ metadata: { success: true }, lock: null });
    expect(await heard).toEqual({ app: "content", model: "contentnode", id: 108, lock: null, by: edna.user, change: "released" });
    expect((await edna.client.get("/admin/base/record-locks/?app=content&model=contentnode&id=108")).json.lock).toBeNull();
    const again = await edna.client.request("DELETE", "/admin/base/record-locks/", lockBody(108));
    expect(again.json).toEqual({ metadata: { success: true }, lock: null });
    expect((await server.store.readStream(recordLockStream("content", "contentnode", 108))).map((e) => e.type)).toEqual(["LockTaken", "LockReleased"]);
  });

  it("the page-unload release (keepalive DELETE, JSON typed text/plain) is accepted", async () => {
    await edna.client.post("/admin/base/record-locks/", lockBody(109));
    const res = await fetch(server.url + "/admin/base/record-locks/", {
      method: "DELETE",
      keepalive: true,
      headers: { cookie: edna.client.cookieHeader, "x-csrftoken": edna.client.cookies.get("csrftoken")!, "content-type": "text/plain;charset=UTF-8" },
      body: JSON.stringify(lockBody(109)),
    });
    expect(await res.json()).toEqual({ metadata: { success: true }, lock: null });
    expect((await rick.client.get("/admin/base/record-locks/?app=content&model=contentnode&id=109")).json.lock).toBeNull();
  });

  it("lookup lists the locked records among those asked, with hasLock for the caller", async () => {
    await edna.client.post("/admin/base/record-locks/", { ...lockBody(110), reason: 2, comment: "c" });
    await rick.client.post("/admin/base/record-locks/", lockBody(111));
    const objs = [110, 111, 112].map((id) => ({ app: "content", model: "contentnode", id }));
    const res = await edna.client.post("/admin/base/record-locks/?action=lookup", { objs });
    expect(res.json).toEqual({
      metadata: { success: true },
      locks: [
        { app: "content", model: "contentnode", id: 110, hasLock: true, user: edna.user, reason: 2, comment: "c", autoCreated: false },
        { app: "content", model: "contentnode", id: 111, hasLock: false, user: rick.user, reason: 1, comment: "", autoCreated: true },
      ],
    });
  });

  it("several records in one call: each is tried, a refusal answers 409 with the holder and every record's outcome", async () => {
    await rick.client.post("/admin/base/record-locks/", lockBody(121));
    const objs = [120, 121].map((id) => ({ app: "content", model: "contentnode", id }));
    const res = await edna.client.post("/admin/base/record-locks/", { objs, reason: 4, comment: "batch" });
    expect(res.status).toBe(409);
    const mine = { user: edna.user, reason: 4, comment: "batch", autoCreated: false };
    const ricks = { user: rick.user, reason: 1, comment: "", autoCreated: true };
    expect(res.json).toEqual({
      metadata: { success: false, message: LOCKED, errors: [LOCKED] },
      lock: ricks,
      locks: [
        { app: "content", model: "contentnode", id: 120, lock: mine, success: true },
        { app: "content", model: "contentnode", id: 121, lock: ricks, success: false },
      ],
    });
    const free = await edna.client.post("/admin/base/record-locks/", { objs: [122, 123].map((id) => ({ app: "content", model: "contentnode", id })) });
    expect(free.json.metadata).toEqual({ success: true });
    expect(free.json.locks.map((l: { success: boolean }) => l.success)).toEqual([true, true]);
  });

  it("bad record identities answer 400 with 'field: message' lines and lock nothing", async () => {
    const res = await edna.client.post("/admin/base/record-locks/", { objs: [{ app: "Content", model: "content node", id: "abc" }] });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      metadata: {
        success: false,
        message: "Invalid request syntax or bad data.",
        errors: [
          "objs.0.app: Enter a valid app name (lowercase letters, digits and _).",
          "objs.0.model: Enter a valid model name (lowercase letters, digits and _).",
          "objs.0.id: A valid integer is required.",
        ],
      },
    });
    const none = await edna.client.post("/admin/base/record-locks/", {});
    expect(none.json.metadata.errors).toEqual(["objs: This field is required."]);
    const get = await edna.client.get("/admin/base/record-locks/?app=content&model=contentnode&id=-3");
    expect(get.json.metadata.errors).toEqual(["id: A valid integer is required."]);
    const action = await edna.client.post("/admin/base/record-locks/?action=steal", lockBody(1));
    expect(action.status).toBe(400);
  });

  it("visitors get 401 and non-staff 403", async () => {
    expect((await sam.client.get("/admin/base/record-locks/?app=content&model=contentnode&id=1")).status).toBe(403);
    expect((await sam.client.post("/admin/base/record-locks/", lockBody(1))).status).toBe(403);
    const { TestClient } = await import("../testing/http-client.ts");
    expect((await new TestClient(server.url).get("/admin/base/record-lock-reasons/")).status).toBe(401);
  });
});
