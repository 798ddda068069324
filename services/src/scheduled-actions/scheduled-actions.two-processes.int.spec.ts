import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentNodeStream, scheduledActionStream, type EventStore } from "@shop/shared";
import { registerUser } from "../accounts/register-user.ts";
import { createLogger } from "../platform/logger.ts";
import type { RunningServer } from "../server.ts";
import { runContentAction } from "../content/content-actions.ts";
import { testDatabaseUrl } from "../testing/test-database.ts";
import { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { runDueScheduledAction } from "./scheduled-action-runner.ts";

const BASE = "/admin/api/base/cmsactionevent/";
const NODES = [11, 12, 13, 14, 15, 16, 17, 18];

async function createNode(store: EventStore, id: number) {
  return store.append(contentNodeStream(id), [
    {
      type: "ContentNodeCreated",
      data: {
        id,
        name: `Page ${id}`,
        slug: `page-${id}`,
        parentId: null,
        url: `/p${id}/`,
        createdAt: "2026-01-01T00:00:00.000Z",
      },
    },
  ]);
}
const count = async (store: EventStore, stream: string, type: string) =>
  (await store.readStream(stream)).filter((e) => e.type === type).length;

describe.skipIf(!testDatabaseUrl())("scheduled actions with two server processes on one PostgreSQL", () => {
  let place: TestServerPlace;
  let one: RunningServer;
  let two: RunningServer;
  let editor: TestClient;

  beforeAll(async () => {
    place = newTestPlace();
    one = await startTestServer(place, { scheduledActionsEveryMs: 20 });
    two = await startTestServer(place, { scheduledActionsEveryMs: 20 });
    const user = await registerUser(
      { store: one.store, db: one.database.db, clock: () => new Date() },
      { email: "editor@example.org", password: "long enough", isStaff: true },
    );
    for (const id of NODES.concat(30)) await createNode(one.store, id);
    const head = await one.store.head();
    await one.runner.waitFor(head);
    await two.runner.waitFor(head);
    expect(user.userId).toBeTruthy();
    // HTTP on the leader: sessions are projected there first (a follower only polls for them).
    editor = new TestClient(one.url);
    const login = await editor.post("/api/account/login/", { email: "editor@example.org", password: "long enough" });
    expect(login.json.metadata).toEqual({ success: true });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await removeTestPlace(place);
  });

  it("each due scheduled publish runs exactly once: one ScheduledActionRan and one ContentNodePublished", async () => {
    const due = new Date(Date.now() - 60_000).toISOString();
    const ids: number[] = [];
    for (const node of NODES) {
      const res = await editor.post(BASE, { action_time: due, object_id: node, action: "publish", alert_user: 1 });
      expect(res.json).toEqual({ metadata: { success: true }, id: expect.any(Number) });
      ids.push(res.json.id);
    }
    await expect
      .poll(
        async () => (await editor.get(`${BASE}?count=-1`)).json.items.filter((i: any) => i.status === "done").length,
        { timeout: 5000 },
      )
      .toBe(NODES.length);
    await new Promise((r) => setTimeout(r, 300)); // more sweeps on both processes change nothing
    for (const [i, node] of NODES.entries()) {
      expect(await count(one.store, scheduledActionStream(ids[i]), "ScheduledActionRan")).toBe(1);
      expect(await count(one.store, contentNodeStream(node), "ContentNodePublished")).toBe(1);
    }
  });

  it("two runners racing on one due action: one runs it, the other's record is refused and it does nothing", async () => {
    // Due an hour from now: the servers' own sweepers (on the real clock) leave it alone, while the
    // two runners below, on a clock two hours ahead, both find it due and race for it.
    const id = 5000;
    const now = new Date(Date.now() + 3_600_000);
    const later = () => new Date(Date.now() + 7_200_000);
    await one.store.append(scheduledActionStream(id), [
      {
        type: "ScheduledActionScheduled",
        data: {
          id,
          objectId: 30,
          contentType: 143,
          action: "publish",
          actionTime: now.toISOString(),
          userId: null,
          alertUser: false,
          scheduledAt: now.toISOString(),
        },
      },
    ]);
    const log = createLogger("silent");
    const deps = (s: RunningServer) => ({ store: s.store, db: s.database.db, clock: later, log, runContentAction });
    const outcomes = await Promise.all([runDueScheduledAction(deps(one), id), runDueScheduledAction(deps(two), id)]);
    expect(outcomes.sort()).toEqual(["ran", "skipped"]);
    await new Promise((r) => setTimeout(r, 200));
    expect(await count(one.store, scheduledActionStream(id), "ScheduledActionRan")).toBe(1);
    expect(await count(one.store, contentNodeStream(30), "ContentNodePublished")).toBe(1);
  });
});
