import { z } from "zod";
import { UserRef } from "../content/events.ts";
import { CONTENT_STATUSES } from "../domain/constants.ts";
import { LockRecordRef, RecordLock } from "../locks/api.ts";

// Socket messages of the /admin namespace that are not one feature's (DESIGN §7): record rooms, the
// answer a (re)connecting client gets, and the pushes about nodes (status, saves, keywords, contributors).

/**
 * Client → server `record:watch {app, model, id}`: join the record's room `record:{app}.{model}.{id}`
 * (its pushes: node:status, node:saved, node:keywords, node:contributors). The acknowledgement is
 * the record's current state, so a client that reconnects (and may have missed pushes) asks again
 * by watching again. `record:unwatch` with the same body leaves the room.
 */
export const RecordWatchRequest = LockRecordRef;
export type RecordWatchRequest = z.infer<typeof RecordWatchRequest>;

/** A socket may watch at most this many records at once (a list page watches its page of rows). */
export const MAX_WATCHED_RECORDS = 500;

/** A content or menu node's status and version (the stream position of its last event). */
export const WatchedNodeState = z.object({ status: z.enum(CONTENT_STATUSES), version: z.number().int() });

/** The acknowledgement of `record:watch`: the record's lock now, and for a node its status and version. */
export const RecordState = z.object({
  app: z.string(),
  model: z.string(),
  id: z.number(),
  room: z.string(),
  lock: RecordLock.nullable(),
  /** null for a record that is no node (or no node yet). */
  node: WatchedNodeState.nullable(),
});
export type RecordState = z.infer<typeof RecordState>;

/** The acknowledgement when a watch is refused: `'field: message'` lines like the HTTP answers. */
export const RecordWatchRefusal = z.object({ errors: z.array(z.string()) });

const NodePush = { id: z.number(), app: z.string(), model: z.string(), version: z.number().int() };

/**
 * Push `node:status` to every staff socket and the node's record room: a content or menu node's
 * status changed (publish, archive, async, other, or an edit of a Live node).
 */
export const NodeStatusMessage = z.object({ ...NodePush, status: z.enum(CONTENT_STATUSES) });
export type NodeStatusMessage = z.infer<typeof NodeStatusMessage>;

/**
 * Push `node:saved` to every staff socket and the node's record room: a content or menu node was
 * saved, or created. `version` is the node's stream position after it, so a creation has version 0
 * (the created event) and a list that does not show that id yet refetches; a form ignores a version
 * it already has. `by` is who did it (null: the system).
 */
export const NodeSavedMessage = z.object({ ...NodePush, by: UserRef.nullable() });
export type NodeSavedMessage = z.infer<typeof NodeSavedMessage>;

/** Push `node:keywords`: a keyword was linked to or unlinked from a content node; refetch its keywords. */
export const NodeKeywordsMessage = z.object({
  ...NodePush,
  keyword: z.number(),
  change: z.enum(["linked", "unlinked"]),
});
export type NodeKeywordsMessage = z.infer<typeof NodeKeywordsMessage>;

/** Push `node:contributors`: a node's contributor roles changed (`role` is null when several were renumbered). */
export const NodeContributorsMessage = z.object({
  ...NodePush,
  role: z.number().nullable(),
  change: z.enum(["added", "changed", "removed", "renumbered"]),
});
export type NodeContributorsMessage = z.infer<typeof NodeContributorsMessage>;

/**
 * Push `session:ended {reason}` to the /admin sockets of a session just before the server closes
 * them: the session logged out (in another tab of that browser), its user is no longer staff, an
 * operator disabled the account, or the session expired (found by the gateway's periodic re-check).
 */
export const SESSION_END_REASONS = ["logged_out", "staff_revoked", "disabled", "expired"] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];
export const SessionEndedMessage = z.object({ reason: z.enum(SESSION_END_REASONS) });
export type SessionEndedMessage = z.infer<typeof SessionEndedMessage>;
