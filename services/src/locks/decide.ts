import { type LockActor, type LockEvent, RecordLockedError } from "@shop/shared";
import { toRecordLock, type RecordLockState } from "./record-lock.ts";

interface RecordIdentity {
  app: string;
  model: string;
  id: number;
}

export type LockCommand =
  | {
      type: "TakeLock";
      data: RecordIdentity & { user: LockActor; reason: number; comment: string; autoCreated: boolean; now: Date };
    }
  | { type: "ReleaseLock"; data: RecordIdentity & { by: LockActor; force: boolean; now: Date } }
  /** From the expiry sweeper: `holderId`/`takenAt` name the lock it found idle, so a newer lock is never expired. */
  | { type: "ExpireLock"; data: RecordIdentity & { holderId: string; takenAt: string; now: Date } };

/** Pure: the events a lock command produces on the record's lock, or a refusal. */
export function decideRecordLock(command: LockCommand, state: RecordLockState): LockEvent[] {
  const { app, model, id } = command.data;
  switch (command.type) {
    case "TakeLock": {
      const { user, reason, comment, autoCreated, now } = command.data;
      const at = now.toISOString();
      const taken: LockEvent = {
        type: "LockTaken",
        data: { app, model, id, user, reason, comment, autoCreated, takenAt: at },
      };
      if (state.status === "free") return [taken];
      if (state.lock.user.id !== user.id) throw new RecordLockedError(toRecordLock(state.lock));
      // Re-taking your own lock (another tab, a new reason) ends the old one first, as the old site's client did.
      return [
        { type: "LockReleased", data: { app, model, id, user: state.lock.user, by: user, releasedAt: at } },
        taken,
      ];
    }
    case "ReleaseLock": {
      const { by, force, now } = command.data;
      if (state.status === "free") return [];
      const at = now.toISOString();
      if (state.lock.user.id === by.id)
        return [{ type: "LockReleased", data: { app, model, id, user: state.lock.user, by, releasedAt: at } }];
      if (!force) throw new RecordLockedError(toRecordLock(state.lock));
      return [{ type: "LockKickedOff", data: { app, model, id, user: state.lock.user, by, kickedOffAt: at } }];
    }
    case "ExpireLock": {
      const { holderId, takenAt, now } = command.data;
      if (state.status === "free" || !state.lock.autoCreated) return [];
      if (state.lock.user.id !== holderId || state.lock.takenAt !== takenAt) return [];
      return [{ type: "LockExpired", data: { app, model, id, user: state.lock.user, expiredAt: now.toISOString() } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
