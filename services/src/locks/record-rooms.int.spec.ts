import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSocket, lockBody, signedInClient, nextPush, pushesDuring } from "../testing/server-kit.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import type { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

const record = (id: number) => ({ app: "content", model: "contentnode", id });
const watch = (socket: Socket, ref: unknown) => socket.timeout(1000).emitWithAck("record:watch", ref);

describe.each(testBackends())("record rooms on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let edna: TestClient;
  let ednaUser: { id: string; name: string };
  let rick: TestClient;
  let watcher: Socket;
  let bystander: Socket;
  let nodeId: number;
  let keyword: number;

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place);
    ({ client: edna, user: ednaUser } = await signedInClient(server, "edna@example.org", "Edna Editor"));
    ({ client: rick } = await signedInClient(server, "rick@example.org", "Rick Reviewer"));
    nodeId = (await edna.post("/admin/api/content/contentnode/", { name: "Watched Page", ignore_warnings: true })).json
      .id;
    keyword = (await edna.post("/admin/api/content/keyword/", { name: "Ark" })).json.id;
    watcher = await adminSocket(server.url, rick.cookieHeader);
    bystander = await adminSocket(server.url, edna.cookieHeader);
  });
  afterAll(async () => {
    watcher?.disconnect();
    bystander?.disconnect();
    await server?.close();
    await removeTestPlace(place);
  });

  const version = async () => (await edna.get(`/admin/api/content/contentnode/${nodeId}/`)).json.version;

  it("record:watch joins the record's room and answers the record's current state", async () => {
    expect(await watch(watcher, record(nodeId))).toEqual({
      app: "content",
      model: "contentnode",
      id: nodeId,
      room: `record:content.contentnode.${nodeId}`,
      lock: null,
      node: { status: "Beta", version: await version() },
    });
  });

  it("node:keywords reaches the record's watchers within 1 s, and no one else", async () => {
    const started = Date.now();
    const heard = nextPush(watcher, "node:keywords", (m: { id: number }) => m.id === nodeId);
    const elsewhere = pushesDuring(bystander, "node:keywords", () => true, 1000);
    await edna.post(`/admin/api/content/contentnode/${nodeId}/keywords/`, { keyword });
    expect(await heard).toEqual({
      id: nodeId,
      app: "content",
      model: "contentnode",
      version: await version(),
      keyword,
      change: "linked",
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await elsewhere).toEqual([]);
  });

  it("node:contributors reaches the record's watchers for each change of the node's roles", async () => {
    const added = nextPush(watcher, "node:contributors", (m: { change: string }) => m.change === "added");
    const role = (await edna.post("/admin/api/content/role/", { node: nodeId, contributor: "Ken Ham", role: "Author" }))
      .json.id;
    expect(await added).toEqual({
      id: nodeId,
      app: "content",
      model: "contentnode",
      version: await version(),
      role,
      change: "added",
    });
    const removed = nextPush(watcher, "node:contributors", (m: { change: string }) => m.change === "removed");
    await edna.request("DELETE", `/admin/api/content/role/${role}/`);
    expect(await removed).toMatchObject({ id: nodeId, role, change: "removed" });
  });

  it("a socket in the record's room and the staff room gets a node push once, not twice", async () => {
    const pushes = pushesDuring(watcher, "node:status", (m: { id: number }) => m.id === nodeId, 1000);
    await edna.post("/admin/content/contentnode/action/", { action: "publish", pk: nodeId });
    expect(await pushes).toEqual([
      { id: nodeId, status: "Live", version: await version(), app: "content", model: "contentnode" },
    ]);
  });

  it("after record:unwatch the record's pushes stop; a second watch of the same record needs a second unwatch", async () => {
    await watch(watcher, record(nodeId));
    expect(await watcher.timeout(1000).emitWithAck("record:unwatch", record(nodeId))).toEqual({
      room: `record:content.contentnode.${nodeId}`,
      watching: true,
    });
    const stillHeard = nextPush(watcher, "node:keywords", (m: { change: string }) => m.change === "unlinked");
    await edna.request("DELETE", `/admin/api/content/contentnode/${nodeId}/keywords/`, { keyword });
    await stillHeard;
    expect(await watcher.timeout(1000).emitWithAck("record:unwatch", record(nodeId))).toEqual({
      room: `record:content.contentnode.${nodeId}`,
      watching: false,
    });
    const after = pushesDuring(watcher, "node:keywords", () => true, 700);
    await edna.post(`/admin/api/content/contentnode/${nodeId}/keywords/`, { keyword });
    expect(await after).toEqual([]);
  });

  it("a client that reconnects watches again and gets what it missed: the lock and the status", async () => {
    const tab = await adminSocket(server.url, rick.cookieHeader);
    await watch(tab, record(nodeId));
    tab.disconnect();
    await edna.post("/admin/base/record-locks/", lockBody(nodeId, { reason: 2, comment: "rewriting" }));
    await edna.post("/admin/content/contentnode/action/", { action: "archive", pk: nodeId });
    const back = await adminSocket(server.url, rick.cookieHeader);
    try {
      const state = await watch(back, record(nodeId));
      expect(state).toEqual({
        app: "content",
        model: "contentnode",
        id: nodeId,
        room: `record:content.contentnode.${nodeId}`,
        lock: { user: ednaUser, reason: 2, comment: "rewriting", autoCreated: false },
        node: { status: "Archive", version: await version() },
      });
    } finally {
      back.disconnect();
    }
  });

  it("a record that is no node answers its lock and node null; a bad reference answers field errors", async () => {
    expect(await watch(watcher, { app: "base", model: "cmsactionevent", id: 5 })).toEqual({
      app: "base",
      model: "cmsactionevent",
      id: 5,
      room: "record:base.cmsactionevent.5",
      lock: null,
      node: null,
    });
    expect(await watch(watcher, { app: "Content", model: "contentnode", id: "x" })).toEqual({
      errors: ["app: Enter a valid app name (lowercase letters, digits and _).", "id: A valid integer is required."],
    });
  });
});
