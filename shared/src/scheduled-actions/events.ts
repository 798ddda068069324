import { z } from "zod";
import { defineEvent, type EventOf } from "../event-registry.ts";

/** Stream of one scheduled CMS action (the old site's cmsactionevent). */
export const scheduledActionStream = (id: number) => `cmsactionevent-${id}`;

/** What a scheduled action does to its content node when its time comes. */
export const SCHEDULED_ACTIONS = ["publish", "archive", "beta"] as const;
export type ScheduledActionName = (typeof SCHEDULED_ACTIONS)[number];

/** What the action is, repeated on every event so each push and row is built from one event. */
const snapshot = {
  id: z.number().int().positive(),
  objectId: z.number().int().positive(),
  contentType: z.number().int(),
  action: z.enum(SCHEDULED_ACTIONS),
  /** ISO instant (UTC). */
  actionTime: z.string(),
  /** Who scheduled it: the one told when it runs if `alertUser`. */
  userId: z.string().nullable(),
  alertUser: z.boolean(),
};

export const ScheduledActionScheduled = defineEvent(
  "ScheduledActionScheduled",
  z.object({ ...snapshot, scheduledAt: z.string() }),
);

/** Time, action, user or alert changed (PUT), or a failed action was given a new time. */
export const ScheduledActionRescheduled = defineEvent(
  "ScheduledActionRescheduled",
  z.object({ ...snapshot, updatedAt: z.string() }),
);

export const ScheduledActionCancelled = defineEvent(
  "ScheduledActionCancelled",
  z.object({ ...snapshot, cancelledAt: z.string() }),
);

/**
 * A runner took the due action, appended with the stream's expected version before it touches the
 * node: a cancel or a new time that landed first makes this append fail, and then nothing runs.
 */
export const ScheduledActionStarted = defineEvent(
  "ScheduledActionStarted",
  z.object({ ...snapshot, startedAt: z.string() }),
);

/** The server ran the action: appended with the stream's expected version, so it is recorded once. */
export const ScheduledActionRan = defineEvent(
  "ScheduledActionRan",
  z.object({ ...snapshot, ranAt: z.string(), result: z.object({ nodeName: z.string(), status: z.string() }) }),
);

export const ScheduledActionFailed = defineEvent(
  "ScheduledActionFailed",
  z.object({ ...snapshot, failedAt: z.string(), nodeName: z.string().nullable(), reason: z.string() }),
);

export const scheduledActionEvents = [
  ScheduledActionScheduled,
  ScheduledActionRescheduled,
  ScheduledActionCancelled,
  ScheduledActionStarted,
  ScheduledActionRan,
  ScheduledActionFailed,
] as const;

export type ScheduledActionSnapshot = z.infer<z.ZodObject<typeof snapshot>>;

export type ScheduledActionEvent = EventOf<typeof scheduledActionEvents>;
