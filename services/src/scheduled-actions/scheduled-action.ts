import {
  scheduledActionEvents,
  type ScheduledActionEvent,
  type ScheduledActionSnapshot,
  type ScheduledActionStatus,
} from "@shop/shared";

/**
 * One scheduled action as its stream folds it. `running`: a runner took it (ScheduledActionStarted)
 * and has not recorded the outcome yet; the read model still lists it as pending.
 */
export type ScheduledAction =
  | { status: "none" }
  | { status: ScheduledActionStatus; action: ScheduledActionSnapshot; ranAt: string | null }
  | { status: "running"; action: ScheduledActionSnapshot; ranAt: null; startedAt: string };

export const initialScheduledAction = (): ScheduledAction => ({ status: "none" });

const snapshotOf = (d: ScheduledActionSnapshot): ScheduledActionSnapshot => ({
  id: d.id,
  objectId: d.objectId,
  contentType: d.contentType,
  action: d.action,
  actionTime: d.actionTime,
  userId: d.userId,
  alertUser: d.alertUser,
});

export function evolveScheduledAction(state: ScheduledAction, event: ScheduledActionEvent): ScheduledAction {
  switch (event.type) {
    case "ScheduledActionScheduled":
    case "ScheduledActionRescheduled":
      return { status: "pending", action: snapshotOf(event.data), ranAt: null };
    case "ScheduledActionCancelled":
      return { status: "cancelled", action: snapshotOf(event.data), ranAt: null };
    case "ScheduledActionStarted":
      return { status: "running", action: snapshotOf(event.data), ranAt: null, startedAt: event.data.startedAt };
    case "ScheduledActionRan":
      return { status: "done", action: snapshotOf(event.data), ranAt: event.data.ranAt };
    case "ScheduledActionFailed":
      return { status: "failed", action: snapshotOf(event.data), ranAt: null };
    default: {
      event satisfies never; // an event this code does not know (retired, or from a newer writer) changes nothing
      return state;
    }
  }
}

export const scheduledActionDecider = {
  initialState: initialScheduledAction,
  events: scheduledActionEvents,
  evolve: evolveScheduledAction,
};
