import {
  formatActionTime,
  isEventOf,
  scheduledActionEvents,
  type ActionChangedMessage,
  type RecordedEvent,
  type ScheduledActionEvent,
  type ScheduledActionStatus,
} from "@shop/shared";
import { STAFF_ROOM, userRoom, type LiveMessage, type LiveMessageMapper } from "../live/live-messages.ts";

// A runner taking an action (ScheduledActionStarted) changes nothing the editors see yet.
const STATUS: Record<Exclude<ScheduledActionEvent["type"], "ScheduledActionStarted">, ScheduledActionStatus> = {
  ScheduledActionScheduled: "pending",
  ScheduledActionRescheduled: "pending",
  ScheduledActionCancelled: "cancelled",
  ScheduledActionRan: "done",
  ScheduledActionFailed: "failed",
};

/**
 * `action:changed` to every staff socket for each scheduled-action event; when the action ran or
 * failed and its user asked to be alerted, a `notice` to that user's sockets too.
 */
export const scheduledActionLiveMessages: LiveMessageMapper = (recorded: RecordedEvent) => {
  if (!isEventOf(scheduledActionEvents, recorded) || recorded.type === "ScheduledActionStarted") return [];
  const event = recorded;
  const d = event.data;
  const payload: ActionChangedMessage = {
    id: d.id,
    object_id: d.objectId,
    action: d.action,
    action_time: formatActionTime(d.actionTime),
    status: STATUS[event.type],
  };
  const messages: LiveMessage[] = [{ namespace: "/admin", room: STAFF_ROOM, name: "action:changed", payload }];
  if (d.alertUser && d.userId) {
    if (event.type === "ScheduledActionRan") {
      messages.push({
        namespace: "/admin",
        room: userRoom(d.userId),
        name: "notice",
        payload: { message: `Scheduled ${d.action} of "${event.data.result.nodeName}" ran.`, level: "success" },
      });
    } else if (event.type === "ScheduledActionFailed") {
      const name = event.data.nodeName ?? `#${d.objectId}`;
      messages.push({
        namespace: "/admin",
        room: userRoom(d.userId),
        name: "notice",
        payload: { message: `Scheduled ${d.action} of "${name}" failed: ${event.data.reason}`, level: "error" },
      });
    }
  }
  return messages;
};
