import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scheduledActionStream, type EventStore } from "@shop/shared";
import { runContentAction } from "../content/content-actions.ts";
import { createEventRegistry } from "../event-registry.ts";
import { createPostgresEventStore } from "../eventstore/postgres-event-store.ts";
import { createLogger } from "../platform/logger.ts";
import { testBackends } from "../testing/backends.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { runDueScheduledAction } from "./scheduled-action-runner.ts";

// A database whose read models were never created: reading the node's name fails for real.
describe.each(testBackends())("a scheduled action whose database read fails, on $name", ({ pglite }) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let store: EventStore;

  beforeAll(async () => {
    database = await openTestDatabase({ pglite });
    store = await createPostgresEventStore(database, createEventRegistry());
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it("a database error surfaces and the action stays pending to be retried; it is never recorded as run or failed", async () => {
    const at = new Date("2026-03-01T09:00:00.000Z");
    const data = {
      id: 77,
      objectId: 5,
      contentType: 143,
      action: "publish",
      actionTime: at.toISOString(),
      userId: null,
      alertUser: false,
      scheduledAt: at.toISOString(),
    };
    await store.append(scheduledActionStream(77), [{ type: "ScheduledActionScheduled", data }], {
      expectedVersion: "no-stream",
    });
    const deps = {
      store,
      db: database.db,
      clock: () => new Date("2026-03-01T09:01:00.000Z"),
      log: createLogger("silent"),
      runContentAction,
    };
    await expect(runDueScheduledAction(deps, 77)).rejects.toThrow(/content_nodes/);
    expect((await store.readStream(scheduledActionStream(77))).map((e) => e.type)).toEqual([
      "ScheduledActionScheduled",
    ]);
  });
});
