import type { ScheduledActionEvent, ScheduledActionName, ScheduledActionSnapshot } from "@shop/shared";
import { DomainError } from "../platform/domain-error.ts";
import type { ScheduledAction } from "./scheduled-action.ts";

export type ScheduledActionCommand =
  | { type: "Schedule"; data: ScheduledActionSnapshot & { now: Date } }
  | {
      type: "Update";
      data: { action: ScheduledActionName; actionTime: string; userId: string | null; alertUser: boolean; objectId?: number; now: Date };
    }
  | { type: "Cancel"; data: { now: Date } }
  | { type: "RecordRun"; data: { now: Date; result: { nodeName: string; status: string } } }
  | { type: "RecordFailure"; data: { now: Date; nodeName: string | null; reason: string } };

export const NOT_FOUND = "Not found.";
export const ALREADY_RAN = "This action has already run; it can no longer be changed.";

const notFound = () => new DomainError("NOT_FOUND", NOT_FOUND, 404);

/**
 * Rules of a scheduled action: scheduled once; changed or cancelled while pending (or after it
 * failed, to retry it); never changed once it ran. A run or failure is recorded only for a pending
 * action whose time has come, so a second runner decides nothing.
 */
export function decideScheduledAction(command: ScheduledActionCommand, state: ScheduledAction): ScheduledActionEvent[] {
  switch (command.type) {
    case "Schedule": {
      if (state.status !== "none") throw new DomainError("ALREADY_SCHEDULED", "This action already exists.", 409);
      const { now, ...snapshot } = command.data;
      return [{ type: "ScheduledActionScheduled", data: { ...snapshot, scheduledAt: now.toISOString() } }];
    }
    case "Update": {
      const current = changeable(state);
      const { now, objectId, ...changes } = command.data;
      return [{ type: "ScheduledActionRescheduled", data: { ...current, ...changes, objectId: objectId ?? current.objectId, updatedAt: now.toISOString() } }];
    }
    case "Cancel": {
      const current = changeable(state);
      return [{ type: "ScheduledActionCancelled", data: { ...current, cancelledAt: command.data.now.toISOString() } }];
    }
    case "RecordRun": {
      if (!isDue(state, command.data.now)) return [];
      return [{ type: "ScheduledActionRan", data: { ...state.action, ranAt: command.data.now.toISOString(), result: command.data.result } }];
    }
    case "RecordFailure": {
      if (!isDue(state, command.data.now)) return [];
      const { now, nodeName, reason } = command.data;
      return [{ type: "ScheduledActionFailed", data: { ...state.action, failedAt: now.toISOString(), nodeName, reason } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

/** A pending action whose time has come. */
export function isDue(state: ScheduledAction, now: Date): state is Extract<ScheduledAction, { action: unknown }> {
  return state.status === "pending" && Date.parse(state.action.actionTime) <= now.getTime();
}

function changeable(state: ScheduledAction): ScheduledActionSnapshot {
  if (state.status === "none" || state.status === "cancelled") throw notFound();
  if (state.status === "done") throw new DomainError("ALREADY_RAN", ALREADY_RAN, 409);
  return state.action;
}
