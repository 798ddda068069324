import type { ContentStatus } from "../domain/constants.ts";

/** The four actions of the status menu (back-office §4 "Content status"); `other` sets Beta. */
export const CONTENT_ACTIONS = ["publish", "async", "archive", "other"] as const;
export type ContentAction = (typeof CONTENT_ACTIONS)[number];

/** The status each action sets. */
export const STATUS_AFTER_ACTION: Record<ContentAction, ContentStatus> = {
  publish: "Live",
  async: "Changes Pending",
  archive: "Archive",
  other: "Beta",
};

/**
 * The status transitions of a content node: the actions each status offers. An action that would
 * set the status the node already has is not offered (the decider records nothing for it).
 */
export const CONTENT_STATUS_TRANSITIONS: Record<ContentStatus, readonly ContentAction[]> = {
  Beta: ["publish", "async", "archive"],
  Live: ["async", "archive", "other"],
  "Changes Pending": ["publish", "archive", "other"],
  Archive: ["publish", "async", "other"],
};

export const offersAction = (status: ContentStatus, action: ContentAction) =>
  CONTENT_STATUS_TRANSITIONS[status].includes(action);

/** The label each action has in the status menus (the form's panel and the in-page bar's Publish menu). */
export const CONTENT_ACTION_LABELS: Record<ContentAction, string> = {
  publish: "Publish",
  async: "Changes Pending",
  other: "Set to Beta",
  archive: "Archive",
};

/**
 * Whether the history switch is on (back-office §4: the async action "makes it Changes Pending and
 * disables history"). A Changes Pending node holds edits nobody has published, so the history
 * switch stays off until the node is published, set to Beta or archived.
 */
export const historyEnabled = (status: ContentStatus) => status !== "Changes Pending";
