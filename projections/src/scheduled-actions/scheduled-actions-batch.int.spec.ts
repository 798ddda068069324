// The scheduled actions' batch against their one-by-one `apply` (test-only dependency on services/).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import {
  ScheduledActionCancelled,
  ScheduledActionFailed,
  ScheduledActionRan,
  ScheduledActionRescheduled,
  ScheduledActionScheduled,
  ScheduledActionStarted,
} from "@shop/shared";
import { testBackends } from "@shop/services/testing/backends";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { recordedEvent, tablesBothWays } from "../runner/batch-equivalence.ts";
import { scheduledActionsProjection } from "./scheduled-actions-projection.ts";

const at = (minute: number) => `2026-11-29T20:${String(minute).padStart(2, "0")}:00.000Z`;
const positions = new Map<number, number>();
const onAction = (definition: Parameters<typeof recordedEvent>[0], id: number, data: object) => {
  const position = positions.get(id) ?? 0;
  positions.set(id, position + 1);
  const snapshot = { id, objectId: 7, contentType: 1, action: "publish", actionTime: at(50), userId: "edna" };
  return recordedEvent(definition, { ...snapshot, alertUser: false, ...data }, { id: `action-${id}`, position });
};

describe.each(testBackends())("scheduled actions batched on $name", ({ pglite }) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase({ pglite });
  }, 120_000);
  afterAll(() => database?.drop());

  it("spec 28.2 actions scheduled, rescheduled, cancelled, run and failed leave the same rows batched as one by one", async () => {
    const events = [
      onAction(ScheduledActionCancelled, 1, { cancelledAt: at(1) }), // not there yet: nothing
      onAction(ScheduledActionScheduled, 1, { scheduledAt: at(2) }),
      onAction(ScheduledActionRescheduled, 1, { action: "archive", alertUser: true, updatedAt: at(3) }),
      onAction(ScheduledActionStarted, 1, { startedAt: at(4) }),
      onAction(ScheduledActionFailed, 1, { failedAt: at(5), nodeName: null, reason: "gone" }),
      onAction(ScheduledActionCancelled, 1, { cancelledAt: at(6) }), // keeps the failure's result
      onAction(ScheduledActionScheduled, 1, { scheduledAt: at(7) }), // there: nothing
      onAction(ScheduledActionScheduled, 2, { scheduledAt: at(8), userId: null }),
      onAction(ScheduledActionRan, 2, { ranAt: at(9), result: { nodeName: "About", status: "Live" } }),
      onAction(ScheduledActionRan, 9, { ranAt: at(10), result: { nodeName: "Old", status: "Archive" } }), // there before
    ];
    const { oneByOne, batched } = await tablesBothWays(database.db, scheduledActionsProjection, events, {
      sizes: [1, 2, 3, events.length],
      before: async (db) => {
        await sql`INSERT INTO scheduled_actions VALUES (9, 7, 1, 'archive', '2026-11-29 19:00:00.123456+00', 'rick',
          true, 'pending', NULL, 0, '2026-11-28 10:00:00.654321+00', '2026-11-28 10:00:00.654321+00')`.execute(db);
      },
    });
    expect(oneByOne.scheduled_actions.length).toBe(3);
    for (const { tables } of batched) expect(tables).toEqual(oneByOne);
  }, 60_000);
});
