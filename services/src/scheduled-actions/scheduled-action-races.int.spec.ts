import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentNodeStream, scheduledActionStream, type EventStore } from "@shop/shared";
import { runContentAction } from "../content/content-actions.ts";
import { loadNode } from "../content/node-commands.ts";
import { signedInClient } from "../testing/server-kit.ts";
import { createLogger } from "../platform/logger.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import type { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { runDueScheduledAction, type RunContentAction } from "./scheduled-action-runner.ts";

const BASE = "/admin/api/base/cmsactionevent/";
const utcMinute = (d: Date) => d.toISOString().slice(0, 16).replace("T", " ");

/** The real store, with a moment slipped in right after the runner has read the action's stream. */
function storeThatPausesAfterLoading(store: EventStore, stream: string, meanwhile: () => Promise<void>): EventStore {
  let done = false;
  const readStream: EventStore["readStream"] = async (...args) => {
    const events = await store.readStream(...args);
    if (args[0] === stream && !done) {
      done = true;
      await meanwhile();
    }
    return events;
  };
  return new Proxy(store, {
    get(target, name) {
      if (name === "readStream") return readStream;
      const value = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

// What an editor does to a scheduled action while the server is about to run it wins, or is refused: never ignored.
describe.each(testBackends())("a scheduled action changed while the runner works, on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let editor: TestClient;
  let nextNode = 100;

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    // The server's own sweeper waits an hour: the tests run the runner themselves, at the moment they choose.
    server = await startTestServer(place, { scheduledActionsEveryMs: 3_600_000 });
    ({ client: editor } = await signedInClient(server, "edna@example.org", "Edna Editor"));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  async function newNode() {
    const id = nextNode++;
    const data = {
      id,
      name: `Page ${id}`,
      slug: `page-${id}`,
      parentId: null,
      url: `/page-${id}/`,
      createdAt: new Date().toISOString(),
    };
    await server.runner.waitFor(
      (
        await server.store.append(contentNodeStream(id), [{ type: "ContentNodeCreated", data }], {
          expectedVersion: "no-stream",
        })
      ).position,
    );
    return id;
  }
  async function schedule(nodeId: number, at: Date) {
    const res = await editor.post(BASE, { action_time: utcMinute(at), object_id: nodeId, action: "publish" });
    expect(res.status).toBe(200);
    return res.json.id as number;
  }
  const deps = (store: EventStore, clock = () => new Date(), content: RunContentAction = runContentAction) => ({
    store,
    db: server.database.db,
    clock,
    log: createLogger("silent"),
    runContentAction: content,
  });
  const types = async (id: number) => (await server.store.readStream(scheduledActionStream(id))).map((e) => e.type);
  const status = async (nodeId: number) => {
    const node = await loadNode(server.store, "contentnode", nodeId);
    return node.exists ? node.status : null;
  };
  const row = async (id: number) => {
    await server.runner.waitFor(await server.store.head());
    return server.database.db
      .selectFrom("scheduled_actions")
      .select(["status", "action_time"])
      .where("id", "=", id)
      .executeTakeFirst();
  };

  it("core hardening 5: cancel between claim and act: the node is unchanged and the action shows cancelled", async () => {
    const nodeId = await newNode();
    const id = await schedule(nodeId, new Date(Date.now() - 60_000));
    let cancelled = 0;
    const store = storeThatPausesAfterLoading(server.store, scheduledActionStream(id), async () => {
      cancelled = (await editor.request("DELETE", `${BASE}${id}/`)).status;
    });
    expect(await runDueScheduledAction(deps(store), id)).toBe("skipped");
    expect(cancelled).toBe(200);
    expect(await status(nodeId)).toBe("Beta");
    expect((await server.store.readStream(contentNodeStream(nodeId))).map((e) => e.type)).toEqual([
      "ContentNodeCreated",
    ]);
    expect(await types(id)).toEqual(["ScheduledActionScheduled", "ScheduledActionCancelled"]);
    expect((await row(id))?.status).toBe("cancelled");
    // Later sweeps find nothing to run.
    expect(await runDueScheduledAction(deps(server.store), id)).toBe("skipped");
    expect(await status(nodeId)).toBe("Beta");
  });

  it("core hardening 5: rescheduled between load and act: it does not run at the old time, and runs at the new one", async () => {
    const nodeId = await newNode();
    const id = await schedule(nodeId, new Date(Date.now() - 60_000));
    const later = new Date(Date.now() + 3_600_000);
    const store = storeThatPausesAfterLoading(server.store, scheduledActionStream(id), async () => {
      expect(
        (await editor.request("PUT", `${BASE}${id}/`, { action_time: utcMinute(later), action: "publish" })).status,
      ).toBe(200);
    });
    expect(await runDueScheduledAction(deps(store), id)).toBe("skipped");
    expect(await status(nodeId)).toBe("Beta");
    expect(await row(id)).toMatchObject({ status: "pending" });

    expect(
      await runDueScheduledAction(
        deps(server.store, () => new Date(later.getTime() + 60_000)),
        id,
      ),
    ).toBe("ran");
    expect(await status(nodeId)).toBe("Live");
    expect(await types(id)).toEqual([
      "ScheduledActionScheduled",
      "ScheduledActionRescheduled",
      "ScheduledActionStarted",
      "ScheduledActionRan",
    ]);
  });

  it("core hardening 5: a cancel after the runner took the action is refused like a cancel after the run, and the run is recorded", async () => {
    const nodeId = await newNode();
    const id = await schedule(nodeId, new Date(Date.now() - 60_000));
    let refused: { status: number; code: string; errors: string[] } | null = null;
    const content: RunContentAction = async (...args) => {
      const res = await editor.request("DELETE", `${BASE}${id}/`);
      refused = { status: res.status, code: res.json.metadata.code, errors: res.json.metadata.errors };
      return runContentAction(...args);
    };
    expect(await runDueScheduledAction(deps(server.store, undefined, content), id)).toBe("ran");
    expect(refused).toEqual({
      status: 409,
      code: "ALREADY_RAN",
      errors: ["__all__: This action has already run; it can no longer be changed."],
    });
    expect(await status(nodeId)).toBe("Live");
    expect((await row(id))?.status).toBe("done");
  });

  it("core hardening 5: a failure after the claim is recorded; an action whose runner died after taking it is taken again a minute later", async () => {
    const nodeId = await newNode();
    const due = new Date(Date.now() - 60_000);
    const id = await schedule(nodeId, due);
    // The content action fails after the runner took it: recorded as failed, not left running.
    expect(
      await runDueScheduledAction(
        deps(server.store, undefined, async () => Promise.reject(new Error("The node could not be changed."))),
        id,
      ),
    ).toBe("failed");
    expect(await types(id)).toEqual(["ScheduledActionScheduled", "ScheduledActionStarted", "ScheduledActionFailed"]);
    // A failed action is retried by a new time; this time the runner dies between taking it and recording it.
    expect(
      (await editor.request("PUT", `${BASE}${id}/`, { action_time: utcMinute(due), action: "publish" })).status,
    ).toBe(200);
    const taken = await server.store.readStream(scheduledActionStream(id));
    const snapshot = { ...(taken[taken.length - 1].data as object), startedAt: new Date().toISOString() };
    delete (snapshot as { updatedAt?: string }).updatedAt;
    await server.store.append(scheduledActionStream(id), [{ type: "ScheduledActionStarted", data: snapshot }], {
      expectedVersion: taken[taken.length - 1].streamPosition,
    });
    expect(await runDueScheduledAction(deps(server.store), id)).toBe("skipped");
    expect(await status(nodeId)).toBe("Beta");
    expect(
      await runDueScheduledAction(
        deps(server.store, () => new Date(Date.now() + 61_000)),
        id,
      ),
    ).toBe("ran");
    expect(await status(nodeId)).toBe("Live");
    expect((await row(id))?.status).toBe("done");
  });
});
