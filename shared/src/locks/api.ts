import { z } from "zod";
import { DEFAULT_LOCK_REASON } from "../domain/constants.ts";
import { boundedText, ID_LIST_MAX, positiveId, tooManyItems } from "../http/request-fields.ts";
import { LockActor } from "./events.ts";

const IDENTIFIER = /^[a-z][a-z0-9_]{0,99}$/;
const identifier = (what: string) =>
  z
    .string({ error: "This field is required." })
    .regex(IDENTIFIER, `Enter a valid ${what} name (lowercase letters, digits and _).`);

const VALID_INTEGER = { message: "A valid integer is required.", rangeMessage: "A valid integer is required." };
/** Record ids are numeric; JSON numbers and digit strings ("42", as URLs and old pages send them) are accepted. */
const recordId = positiveId(VALID_INTEGER);

const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(["true", "false", "1", "0", ""])])
  .transform((v) => v === true || v === 1 || v === "true" || v === "1");
/** Any positive reason id (a page may bring its own list), within the read model's integer column. */
const reason = positiveId(VALID_INTEGER);
const comment = boundedText(1000, { trim: false });

/** `{app, model, id}`: which record, e.g. `{app: "content", model: "contentnode", id: 42}`. */
export const LockRecordRef = z.object({ app: identifier("app"), model: identifier("model"), id: recordId });
export type LockRecordRef = z.infer<typeof LockRecordRef>;

/** One record to lock; its own reason/comment win over the request's. `user` is ignored: a lock is always the signed-in user's. */
export const LockObj = LockRecordRef.extend({
  user: z.unknown().optional(),
  reason: reason.optional(),
  comment: comment.nullish(),
  isAuto: flag.optional(),
});

const objs = <T extends z.ZodType>(item: T) =>
  z
    .array(item, { error: "This field is required." })
    .min(1, "This field is required.")
    .max(ID_LIST_MAX, tooManyItems(ID_LIST_MAX));

/** POST /admin/base/record-locks/?ts= */
export const TakeLocksRequest = z.object({
  objs: objs(LockObj),
  reason: reason.optional(),
  comment: comment.nullish(),
});
export type TakeLocksRequest = z.infer<typeof TakeLocksRequest>;

/** DELETE /admin/base/record-locks/ (also the page-unload release, sent with keepalive). */
export const ReleaseLocksRequest = z.object({
  objs: objs(LockRecordRef),
  force_unlock: flag.optional().default(false),
});
export type ReleaseLocksRequest = z.infer<typeof ReleaseLocksRequest>;

/** POST /admin/base/record-locks/?action=lookup */
export const LookupLocksRequest = z.object({ objs: objs(LockRecordRef) });

/** GET /admin/base/record-locks/?app=&model=&id= */
export const RecordLockQuery = LockRecordRef;

/** A lock as every answer and push shows it. */
export const RecordLock = z.object({
  user: LockActor,
  reason: z.number(),
  comment: z.string(),
  autoCreated: z.boolean(),
});
export type RecordLock = z.infer<typeof RecordLock>;

/** One row of the lookup answer for a locked record: `hasLock` is true when the signed-in user holds it. */
export const LockedLookupItem = z
  .object({ app: z.string(), model: z.string(), id: z.number(), hasLock: z.boolean() })
  .extend(RecordLock.shape);

/** A record asked about that nobody locks: `hasLock` false, `user` and `reason` null. */
export const UnlockedLookupItem = z.object({
  app: z.string(),
  model: z.string(),
  id: z.number(),
  hasLock: z.literal(false),
  user: z.null(),
  reason: z.null(),
  comment: z.literal(""),
  autoCreated: z.literal(false),
});

/** Every record asked about gets a row, locked or not (back office: the lookup answers each record). */
export const LockLookupItem = z.union([LockedLookupItem, UnlockedLookupItem]);
export type LockLookupItem = z.infer<typeof LockLookupItem>;

/** Socket message `lock:changed` on /admin, to every staff socket. */
export const LockChangedMessage = z.object({
  app: z.string(),
  model: z.string(),
  id: z.number(),
  lock: RecordLock.nullable(),
  by: LockActor,
  change: z.enum(["taken", "released", "kicked_off", "expired"]),
});
export type LockChangedMessage = z.infer<typeof LockChangedMessage>;

/** GET /admin/base/record-lock-reasons/: reason 1 is the automatic lock; the others are the ones an editor picks. */
export const LOCK_REASONS = [
  DEFAULT_LOCK_REASON,
  { id: 2, title: "Editing content" },
  { id: 3, title: "Reviewing" },
  { id: 4, title: "Other" },
] as const;

export const AUTOMATIC_LOCK_REASON = DEFAULT_LOCK_REASON.id;
