import {
  ActionAlreadyRanError,
  ActionAlreadyScheduledError,
  NotFoundError,
  type ScheduledActionEvent,
  type ScheduledActionName,
  type ScheduledActionSnapshot,
} from "@shop/shared";
import type { ScheduledAction } from "./scheduled-action.ts";

export type ScheduledActionCommand =
  | { type: "Schedule"; data: ScheduledActionSnapshot & { now: Date } }
  | {
      type: "Update";
      data: {
        action: ScheduledActionName;
        actionTime: string;
        userId: string | null;
        alertUser: boolean;
        objectId?: number;
        now: Date;
      };
    }
  | { type: "Cancel"; data: { now: Date } }
  | { type: "Start"; data: { now: Date } }
  | { type: "RecordRun"; data: { now: Date; result: { nodeName: string; status: string } } }
  | { type: "RecordFailure"; data: { now: Date; nodeName: string | null; reason: string } };

/** A run taken this long ago and never recorded was left by a runner that died: another may take it again. */
export const RUN_STALE_AFTER_MS = 60_000;

const notFound = () => new NotFoundError();

/**
 * Rules of a scheduled action: scheduled once; changed or cancelled while pending (or after it
 * failed, to retry it); never changed once a runner took it. A runner takes a pending action whose
 * time has come (Start) before it touches the node, and records the run or failure of the action it
 * took, so a cancel that came first stops it and a second runner decides nothing.
 */
export function decideScheduledAction(command: ScheduledActionCommand, state: ScheduledAction): ScheduledActionEvent[] {
  switch (command.type) {
    case "Schedule": {
      if (state.status !== "none") throw new ActionAlreadyScheduledError();
      const { now, ...snapshot } = command.data;
      return [{ type: "ScheduledActionScheduled", data: { ...snapshot, scheduledAt: now.toISOString() } }];
    }
    case "Update": {
      const current = changeable(state);
      const { now, objectId, ...changes } = command.data;
      return [
        {
          type: "ScheduledActionRescheduled",
          data: { ...current, ...changes, objectId: objectId ?? current.objectId, updatedAt: now.toISOString() },
        },
      ];
    }
    case "Cancel": {
      const current = changeable(state);
      return [{ type: "ScheduledActionCancelled", data: { ...current, cancelledAt: command.data.now.toISOString() } }];
    }
    case "Start": {
      const { now } = command.data;
      const abandoned = state.status === "running" && now.getTime() - Date.parse(state.startedAt) > RUN_STALE_AFTER_MS;
      if (!isDue(state, now) && !abandoned) return [];
      return [
        {
          type: "ScheduledActionStarted",
          data: { ...(state as Extract<ScheduledAction, { action: unknown }>).action, startedAt: now.toISOString() },
        },
      ];
    }
    case "RecordRun": {
      if (state.status !== "running") return [];
      return [
        {
          type: "ScheduledActionRan",
          data: { ...state.action, ranAt: command.data.now.toISOString(), result: command.data.result },
        },
      ];
    }
    case "RecordFailure": {
      if (state.status !== "running") return [];
      const { now, nodeName, reason } = command.data;
      return [
        { type: "ScheduledActionFailed", data: { ...state.action, failedAt: now.toISOString(), nodeName, reason } },
      ];
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
  // A running action is as good as done: the runner took it and is changing the node.
  if (state.status === "done" || state.status === "running") throw new ActionAlreadyRanError();
  return state.action;
}
