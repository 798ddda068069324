import { sql } from "kysely";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentNodeStream, scheduledActionStream, type EventStore } from "@shop/shared";
import { allProjections, rebuildProjection, type Projection } from "@shop/projections";
import { registerUser } from "../accounts/register-user.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { TestClient } from "../testing/http-client.ts";
import { adminSocket } from "../testing/server-kit.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

const BASE = "/admin/api/base/cmsactionevent/";

function nextMessage<T>(socket: Socket, name: string, match: (m: T) => boolean, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${name}' within ${timeoutMs} ms`)), timeoutMs);
    socket.on(name, (m: T) => {
      if (match(m)) {
        clearTimeout(timer);
        resolve(m);
      }
    });
  });
}

export async function createNode(store: EventStore, id: number, name: string) {
  return store.append(
    contentNodeStream(id),
    [
      {
        type: "ContentNodeCreated",
        data: { id, name, slug: `node-${id}`, parentId: null, url: `/n${id}/`, createdAt: "2026-01-01T00:00:00.000Z" },
      },
    ],
    {
      expectedVersion: "no-stream",
    },
  );
}

/** 'yyyy-mm-dd hh:mm' of a moment, in UTC (the server's rule for times without a zone). */
const utcMinute = (d: Date) => d.toISOString().slice(0, 16).replace("T", " ");

describe.each(testBackends())("scheduled actions on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let editor: TestClient;
  let colleague: TestClient;
  let editorId: string;
  // The server's clock runs `offset` ms ahead of the real one: tests move time forward to make actions due.
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const sockets: Socket[] = [];

  async function staffSocket(client: TestClient) {
    const socket = await adminSocket(server.url, client.cookieHeader);
    sockets.push(socket);
    return socket;
  }
  const nodeStatus = async (id: number) => {
    await server.runner.waitFor(await server.store.head()); // a push may arrive before the read model has the change
    return (
      await server.database.db.selectFrom("content_nodes").select("status").where("id", "=", id).executeTakeFirst()
    )?.status;
  };
  const types = async (stream: string) => (await server.store.readStream(stream)).map((e) => e.type);

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place, { clock: now, scheduledActionsEveryMs: 50 });
    for (const [email, name] of [
      ["editor@example.org", "Edna Editor"],
      ["colleague@example.org", "Cole League"],
    ]) {
      const u = await registerUser(
        { store: server.store, db: server.database.db, clock: now },
        { email, password: "long enough", isStaff: true, name },
      );
      await server.runner.waitFor(u.position);
      if (email.startsWith("editor")) editorId = u.userId;
    }
    for (const [id, name] of [
      [1, "Spring Appeal"],
      [2, "Old News"],
      [3, "Draft Page"],
    ] as const)
      await server.runner.waitFor((await createNode(server.store, id, name)).position);
    editor = new TestClient(server.url);
    await editor.post("/api/account/login/", { email: "editor@example.org", password: "long enough" });
    colleague = new TestClient(server.url);
    await colleague.post("/api/account/login/", { email: "colleague@example.org", password: "long enough" });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server?.close();
    await removeTestPlace(place);
  });

  it("scheduling needs both a time and an action: each missing one is named", async () => {
    const res = await editor.post(BASE, {
      object_id: 1,
      content_type: 143,
      alert_user: 0,
      action_time: "",
      action: "",
    });
    expect(res.status).toBe(400);
    expect(res.json.metadata).toEqual({
      success: false,
      code: "INVALID_REQUEST",
      message: "Invalid request syntax or bad data.",
      errors: ["action_time: This field is required.", "action: This field is required."],
    });
    const missing = await editor.post(BASE, { object_id: 1 });
    expect(missing.json.metadata.errors).toEqual([
      "action_time: This field is required.",
      "action: This field is required.",
    ]);
  });

  it("a time that is no real date-time, an unknown action or node is refused with the field named", async () => {
    const res = await editor.post(BASE, { object_id: 1, action_time: "2026-02-30 10:00", action: "delete" });
    expect(res.json.metadata.errors).toEqual([
      "action_time: Please enter a valid date-time (yyyy-mm-dd hh:mm).",
      'action: "delete" is not a valid choice.',
    ]);
    const node = await editor.post(BASE, { object_id: 999, action_time: "2030-01-01 10:00", action: "publish" });
    expect([node.status, node.json.metadata.errors]).toEqual([400, ["object_id: Content node 999 does not exist."]]);
    const type = await editor.post(BASE, {
      object_id: 1,
      action_time: "2030-01-01 10:00",
      action: "publish",
      content_type: 12,
    });
    expect(type.json.metadata.errors).toEqual(["content_type: Only content type 143 (content node) can be scheduled."]);
  });

  it("a scheduled action is listed for its node with the time in UTC, and can be read, changed and cancelled", async () => {
    const created = await editor.post(`${BASE}?ts=1`, {
      action_time: "2030-06-01 09:30",
      object_id: 3,
      action: "publish",
      user: editorId,
      content_type: 143,
      alert_user: 1,
    });
    expect(created.json).toEqual({ metadata: { success: true }, id: expect.any(Number) });
    const id = created.json.id;
    const item = {
      id,
      action_time: "2030-06-01 09:30",
      action_time_iso: "2030-06-01T09:30:00.000Z",
      object_id: 3,
      action: "publish",
      user: editorId,
      content_type: 143,
      alert_user: 1,
      status: "pending",
      result: null,
    };
    expect((await editor.get(`${BASE}?object_id=3&content_type=143&start=0&count=10`)).json).toEqual({
      metadata: { success: true },
      items: [item],
      total: 1,
      count: 10,
      start: 0,
    });
    expect((await editor.get(`${BASE}${id}/`)).json).toEqual({ metadata: { success: true }, ...item });

    const changed = await editor.request("PUT", `${BASE}${id}/`, {
      action_time: "2030-07-01T12:00:00+02:00",
      action: "archive",
      alert_user: 0,
    });
    expect(changed.json).toEqual({
      metadata: { success: true },
      ...item,
      action: "archive",
      action_time: "2030-07-01 10:00",
      action_time_iso: "2030-07-01T10:00:00.000Z",
      alert_user: 0,
    });
    const incomplete = await editor.request("PUT", `${BASE}${id}/`, { action_time: "2030-07-01 10:00" });
    expect([incomplete.status, incomplete.json.metadata.errors]).toEqual([400, ["action: This field is required."]]);

    expect((await editor.request("DELETE", `${BASE}${id}/`)).json).toEqual({ metadata: { success: true }, id });
    expect((await editor.get(`${BASE}?object_id=3`)).json.items).toEqual([]);
    expect((await editor.get(`${BASE}${id}/`)).status).toBe(404);
    const again = await editor.request("DELETE", `${BASE}${id}/`);
    expect([again.status, again.json.metadata.errors]).toEqual([404, ["__all__: Not found."]]);
  });

  it("the server runs a scheduled publish at its time, not before; a colleague's socket hears action:changed and node:status Live within 1 s and the scheduler gets a notice", async () => {
    const ownSocket = await staffSocket(editor);
    const colleagueSocket = await staffSocket(colleague);
    const at = new Date(now().getTime() + 3_600_000);
    const { id } = (
      await editor.post(BASE, {
        action_time: utcMinute(at),
        object_id: 1,
        action: "publish",
        content_type: 143,
        alert_user: 1,
      })
    ).json;
    await new Promise((r) => setTimeout(r, 300)); // several sweeps: still not due
    expect((await editor.get(`${BASE}${id}/`)).json.status).toBe("pending");
    expect(await nodeStatus(1)).toBe("Beta");

    const heard = nextMessage<any>(colleagueSocket, "action:changed", (m) => m.id === id && m.status === "done", 1000);
    const notice = nextMessage<any>(ownSocket, "notice", (m) => /Spring Appeal/.test(m.message), 1000);
    let liveAt = 0;
    const live = nextMessage<any>(
      colleagueSocket,
      "node:status",
      (m) => {
        if (m.id !== 1 || m.status !== "Live") return false;
        liveAt = Date.now();
        return true;
      },
      1000,
    );
    offset += 3_600_000 + 60_000;
    expect(await heard).toEqual({ id, object_id: 1, action: "publish", action_time: utcMinute(at), status: "done" });
    expect(await notice).toEqual({ message: 'Scheduled publish of "Spring Appeal" ran.', level: "success" });
    // The node's new status reaches the colleague too, within 1 s of the run publishing it.
    expect(await live).toEqual({
      id: 1,
      status: "Live",
      version: expect.any(Number),
      app: "content",
      model: "contentnode",
    });
    const published = (await server.store.readStream(contentNodeStream(1))).find(
      (e) => e.type === "ContentNodePublished",
    )!;
    expect(liveAt - published.createdAt.getTime()).toBeLessThan(1000);

    expect(await types(scheduledActionStream(id))).toEqual([
      "ScheduledActionScheduled",
      "ScheduledActionStarted",
      "ScheduledActionRan",
    ]);
    expect((await types(contentNodeStream(1))).filter((t) => t === "ContentNodePublished")).toHaveLength(1);
    // The push and the read model both follow the log: wait for the read model before reading it.
    await server.runner.waitFor(await server.store.head());
    const row = (await editor.get(`${BASE}${id}/`)).json;
    expect([row.status, row.result]).toEqual(["done", "Live"]);
    expect(await nodeStatus(1)).toBe("Live");
    const late = await editor.request("PUT", `${BASE}${id}/`, { action_time: "2031-01-01 00:00", action: "beta" });
    expect([late.status, late.json.metadata.code, late.json.metadata.errors]).toEqual([
      409,
      "ALREADY_RAN",
      ["__all__: This action has already run; it can no longer be changed."],
    ]);
  });

  it("archive and beta actions set the node's status", async () => {
    const past = utcMinute(new Date(now().getTime() - 60_000));
    const archive = (await editor.post(BASE, { action_time: past, object_id: 2, action: "archive" })).json.id;
    const beta = (await editor.post(BASE, { action_time: past, object_id: 1, action: "beta" })).json.id;
    await expect
      .poll(
        async () => [
          (await editor.get(`${BASE}${archive}/`)).json.status,
          (await editor.get(`${BASE}${beta}/`)).json.status,
        ],
        { timeout: 3000 },
      )
      .toEqual(["done", "done"]);
    expect([await nodeStatus(2), await nodeStatus(1)]).toEqual(["Archive", "Beta"]);
  });

  it("an action whose content action fails is recorded as failed and its user is told why", async () => {
    const socket = await staffSocket(editor);
    const data = {
      id: 9001,
      objectId: 777,
      contentType: 143,
      action: "publish",
      actionTime: now().toISOString(),
      userId: editorId,
      alertUser: true,
      scheduledAt: now().toISOString(),
    };
    const notice = nextMessage<any>(socket, "notice", (m) => m.level === "error", 2000);
    await server.store.append(scheduledActionStream(9001), [{ type: "ScheduledActionScheduled", data }], {
      expectedVersion: "no-stream",
    });
    expect((await notice).message).toMatch(/^Scheduled publish of "#777" failed: /);
    await expect.poll(async () => (await editor.get(`${BASE}9001/`)).json.status, { timeout: 2000 }).toBe("failed");
  });

  it("rebuilding the scheduled-actions read model from the log gives equal tables", async () => {
    const rows = async (p: Projection) =>
      Promise.all(
        p.tables.map(
          async (t) => (await sql`SELECT * FROM ${sql.table(t)} ORDER BY id`.execute(server.database.db)).rows,
        ),
      );
    const projection = allProjections.find((p) => p.name === "scheduled-actions")!;
    const live = await rows(projection);
    expect(live.flat().length).toBeGreaterThan(0);
    await rebuildProjection({ db: server.database.db, store: server.store, projection });
    expect(await rows(projection)).toEqual(live);
  });
});
