import { z } from "zod";
import { defineEvent, type EventOf } from "../event-registry.ts";

/** One stream per lockable record, e.g. `recordlock-content.contentnode.42`: its lock's whole history. */
export const recordLockStream = (app: string, model: string, id: number) => `recordlock-${app}.${model}.${id}`;

/** A staff user as locks show them. */
export const LockActor = z.object({ id: z.string(), name: z.string() });
export type LockActor = z.infer<typeof LockActor>;

const RecordIdentity = { app: z.string(), model: z.string(), id: z.number().int() };

/** A user took the record's lock. `autoCreated` marks an automatic lock (reason 1), released on page unload or expiry. */
export const LockTaken = defineEvent(
  "LockTaken",
  z.object({
    ...RecordIdentity,
    user: LockActor,
    reason: z.number().int(),
    comment: z.string(),
    autoCreated: z.boolean(),
    takenAt: z.string(),
  }),
);

/** The holder released their own lock (`by` is the holder; kept so every end event names who ended it). */
export const LockReleased = defineEvent(
  "LockReleased",
  z.object({ ...RecordIdentity, user: LockActor, by: LockActor, releasedAt: z.string() }),
);

/** Another staff user force-unlocked the record: `user` was displaced, `by` did it. */
export const LockKickedOff = defineEvent(
  "LockKickedOff",
  z.object({ ...RecordIdentity, user: LockActor, by: LockActor, kickedOffAt: z.string() }),
);

/** The server released an automatic lock whose holder had no admin socket open for the expiry time. */
export const LockExpired = defineEvent(
  "LockExpired",
  z.object({ ...RecordIdentity, user: LockActor, expiredAt: z.string() }),
);

export const lockEvents = [LockTaken, LockReleased, LockKickedOff, LockExpired] as const;

export type LockTakenData = z.infer<typeof LockTaken.schema>;

export type LockEvent = EventOf<typeof lockEvents>;

/** Who `lock:changed` names as the actor of an expiry: no person did it. */
export const LOCK_EXPIRY_ACTOR: LockActor = { id: "system", name: "System" };
