import { describe, it } from "vitest";
import type { ScheduledActionEvent } from "@shop/shared";
import { deciderSpec } from "../testing/decider-spec.ts";
import { decideScheduledAction, type ScheduledActionCommand } from "./decide.ts";
import { scheduledActionDecider } from "./scheduled-action.ts";

const spec = deciderSpec<any, ScheduledActionEvent, ScheduledActionCommand>(
  scheduledActionDecider,
  decideScheduledAction,
);
const action = {
  id: 7,
  objectId: 42,
  contentType: 143,
  action: "publish" as const,
  actionTime: "2026-03-01T09:00:00.000Z",
  userId: "u1",
  alertUser: true,
};
const scheduled: ScheduledActionEvent = {
  type: "ScheduledActionScheduled",
  data: { ...action, scheduledAt: "2026-02-01T00:00:00.000Z" },
};
const ran: ScheduledActionEvent = {
  type: "ScheduledActionRan",
  data: { ...action, ranAt: "2026-03-01T09:00:01.000Z", result: { nodeName: "Home", status: "Live" } },
};
const before = new Date("2026-03-01T08:59:59.000Z");
const after = new Date("2026-03-01T09:00:01.000Z");

describe("scheduled actions", () => {
  it("scheduling a new action records it with the time it was scheduled", () => {
    spec
      .given([])
      .when({ type: "Schedule", data: { ...action, now: new Date("2026-02-01T00:00:00.000Z") } })
      .then([scheduled]);
  });

  it("an action can't be scheduled twice under one id", () => {
    spec
      .given([scheduled])
      .when({ type: "Schedule", data: { ...action, now: before } })
      .thenThrows("ALREADY_SCHEDULED");
  });

  it("a pending action can be given a new time and action; the node stays unless named", () => {
    spec
      .given([scheduled])
      .when({
        type: "Update",
        data: {
          action: "archive",
          actionTime: "2026-04-01T00:00:00.000Z",
          userId: "u1",
          alertUser: false,
          now: before,
        },
      })
      .then([
        {
          type: "ScheduledActionRescheduled",
          data: {
            ...action,
            action: "archive",
            actionTime: "2026-04-01T00:00:00.000Z",
            alertUser: false,
            updatedAt: before.toISOString(),
          },
        },
      ]);
  });

  it("a pending action can be cancelled", () => {
    spec
      .given([scheduled])
      .when({ type: "Cancel", data: { now: before } })
      .then([{ type: "ScheduledActionCancelled", data: { ...action, cancelledAt: before.toISOString() } }]);
  });

  it("an action that already ran can be neither changed nor cancelled", () => {
    spec
      .given([scheduled, ran])
      .when({ type: "Cancel", data: { now: after } })
      .thenThrows("ALREADY_RAN");
    spec
      .given([scheduled, ran])
      .when({
        type: "Update",
        data: { action: "beta", actionTime: action.actionTime, userId: null, alertUser: false, now: after },
      })
      .thenThrows("ALREADY_RAN");
  });

  it("a cancelled or unknown action is not found", () => {
    const cancelled: ScheduledActionEvent = {
      type: "ScheduledActionCancelled",
      data: { ...action, cancelledAt: before.toISOString() },
    };
    spec
      .given([scheduled, cancelled])
      .when({ type: "Cancel", data: { now: after } })
      .thenThrows("NOT_FOUND");
    spec
      .given([])
      .when({
        type: "Update",
        data: { action: "beta", actionTime: action.actionTime, userId: null, alertUser: false, now: after },
      })
      .thenThrows("NOT_FOUND");
  });

  it("a failed action can be rescheduled to try again", () => {
    const failed: ScheduledActionEvent = {
      type: "ScheduledActionFailed",
      data: { ...action, failedAt: after.toISOString(), nodeName: "Home", reason: "boom" },
    };
    spec
      .given([scheduled, failed])
      .when({
        type: "Update",
        data: { action: "publish", actionTime: "2026-05-01T00:00:00.000Z", userId: "u1", alertUser: true, now: after },
      })
      .then([
        {
          type: "ScheduledActionRescheduled",
          data: { ...action, actionTime: "2026-05-01T00:00:00.000Z", updatedAt: after.toISOString() },
        },
      ]);
  });

  const started: ScheduledActionEvent = {
    type: "ScheduledActionStarted",
    data: { ...action, startedAt: after.toISOString() },
  };
  const cancelled: ScheduledActionEvent = {
    type: "ScheduledActionCancelled",
    data: { ...action, cancelledAt: before.toISOString() },
  };

  it("a runner takes a due pending action before it changes the node", () => {
    spec
      .given([scheduled])
      .when({ type: "Start", data: { now: after } })
      .then([started]);
  });

  it("an action is not taken before its time", () => {
    spec
      .given([scheduled])
      .when({ type: "Start", data: { now: before } })
      .then([]);
  });

  it("a cancelled action is never taken", () => {
    spec
      .given([scheduled, cancelled])
      .when({ type: "Start", data: { now: after } })
      .then([]);
  });

  it("an action a runner took is not taken again while that runner may still be working", () => {
    spec
      .given([scheduled, started])
      .when({ type: "Start", data: { now: new Date(after.getTime() + 30_000) } })
      .then([]);
  });

  it("an action taken more than a minute ago and never recorded (its runner died) is taken again", () => {
    const later = new Date(after.getTime() + 61_000);
    spec
      .given([scheduled, started])
      .when({ type: "Start", data: { now: later } })
      .then([{ type: "ScheduledActionStarted", data: { ...action, startedAt: later.toISOString() } }]);
  });

  it("an action a runner took can be neither changed nor cancelled", () => {
    spec
      .given([scheduled, started])
      .when({ type: "Cancel", data: { now: after } })
      .thenThrows("ALREADY_RAN");
    spec
      .given([scheduled, started])
      .when({
        type: "Update",
        data: { action: "beta", actionTime: action.actionTime, userId: null, alertUser: false, now: after },
      })
      .thenThrows("ALREADY_RAN");
  });

  it("the run of a taken action is recorded with its result", () => {
    spec
      .given([scheduled, started])
      .when({ type: "RecordRun", data: { now: after, result: { nodeName: "Home", status: "Live" } } })
      .then([ran]);
  });

  it("a run is recorded only for an action the runner took", () => {
    spec
      .given([scheduled])
      .when({ type: "RecordRun", data: { now: after, result: { nodeName: "Home", status: "Live" } } })
      .then([]);
  });

  it("an action runs once: a second run decides nothing", () => {
    spec
      .given([scheduled, started, ran])
      .when({ type: "RecordRun", data: { now: after, result: { nodeName: "Home", status: "Live" } } })
      .then([]);
  });

  it("a cancelled action never runs", () => {
    spec
      .given([scheduled, cancelled])
      .when({ type: "RecordRun", data: { now: after, result: { nodeName: "Home", status: "Live" } } })
      .then([]);
  });

  it("a taken action whose content action failed is recorded as failed with the reason", () => {
    spec
      .given([scheduled, started])
      .when({ type: "RecordFailure", data: { now: after, nodeName: "Home", reason: "Node not found." } })
      .then([
        {
          type: "ScheduledActionFailed",
          data: { ...action, failedAt: after.toISOString(), nodeName: "Home", reason: "Node not found." },
        },
      ]);
  });
});
