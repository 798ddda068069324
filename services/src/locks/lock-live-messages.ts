import {
  isEventOf,
  LOCK_EXPIRY_ACTOR,
  lockEvents,
  type LockChangedMessage,
  type LockEvent,
  type RecordedEvent,
} from "@shop/shared";
import { STAFF_ROOM, type LiveMessage, type LiveMessageMapper } from "../live/live-messages.ts";
import { toRecordLock } from "./record-lock.ts";

/**
 * `lock:changed` to every staff socket on /admin for each lock event, so list pages and forms
 * update without reload. The displaced holder is staff too, so a kick-off reaches their tabs.
 */
export const lockLiveMessages: LiveMessageMapper = (recorded: RecordedEvent) => {
  const payload = isEventOf(lockEvents, recorded) ? lockChange(recorded) : null;
  return payload
    ? [{ namespace: "/admin", room: STAFF_ROOM, name: "lock:changed", payload } satisfies LiveMessage]
    : [];
};

function lockChange(event: LockEvent): LockChangedMessage | null {
  switch (event.type) {
    case "LockTaken": {
      const { app, model, id, user } = event.data;
      return { app, model, id, lock: toRecordLock(event.data), by: user, change: "taken" };
    }
    case "LockReleased": {
      const { app, model, id, by } = event.data;
      return { app, model, id, lock: null, by, change: "released" };
    }
    case "LockKickedOff": {
      const { app, model, id, by } = event.data;
      return { app, model, id, lock: null, by, change: "kicked_off" };
    }
    case "LockExpired": {
      const { app, model, id } = event.data;
      return { app, model, id, lock: null, by: LOCK_EXPIRY_ACTOR, change: "expired" };
    }
    default:
      return null; // not a lock event
  }
}
