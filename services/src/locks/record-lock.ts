import { lockEvents, type LockActor, type LockEvent, type RecordLock } from "@shop/shared";

export interface HeldLock {
  user: LockActor;
  reason: number;
  comment: string;
  autoCreated: boolean;
  takenAt: string;
}

/** One record's lock as its stream folds it: free, or held by one staff user. */
export type RecordLockState = { status: "free" } | { status: "held"; lock: HeldLock };

export const initialRecordLock = (): RecordLockState => ({ status: "free" });

export function evolveRecordLock(state: RecordLockState, event: LockEvent): RecordLockState {
  switch (event.type) {
    case "LockTaken": {
      const { user, reason, comment, autoCreated, takenAt } = event.data;
      return { status: "held", lock: { user, reason, comment, autoCreated, takenAt } };
    }
    case "LockReleased":
    case "LockKickedOff":
    case "LockExpired":
      return { status: "free" };
    default: {
      event satisfies never; // an event this code does not know (retired, or from a newer writer) changes nothing
      return state;
    }
  }
}

export const recordLockDecider = { initialState: initialRecordLock, events: lockEvents, evolve: evolveRecordLock };

/** The lock as answers and pushes show it. */
export const toRecordLock = (lock: Pick<HeldLock, "user" | "reason" | "comment" | "autoCreated">): RecordLock => ({
  user: { id: lock.user.id, name: lock.user.name },
  reason: lock.reason,
  comment: lock.comment,
  autoCreated: lock.autoCreated,
});
