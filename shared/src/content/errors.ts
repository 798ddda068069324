import { DomainError, type FieldMessages, fieldMessage } from "../errors/domain-error.ts";
import { StaleVersionError } from "../errors/request-errors.ts";
import type { UserRef } from "./events.ts";

/** Content nodes' refusals; a save refused by another user's lock is the locks' `RecordLockedError`. */
export const contentErrorCodes = [
  "NODE_NOT_FOUND",
  "NODE_INVALID",
  "NODE_HAS_WARNINGS",
  "NODE_EXISTS",
  "URL_TAKEN",
  "INVALID_PARENT",
  "UNKNOWN_KEYWORD",
  "PAGE_NOT_FOUND",
] as const;
export type ContentErrorCode = (typeof contentErrorCodes)[number];

export const NODE_NOT_FOUND = "This node does not exist.";
export const NODE_WARNINGS_MESSAGE = "Please review the warnings. Save again with ignore_warnings to continue.";
const PARENT_LOOP = "A node cannot be contained in itself or in one of its children.";

export class NodeNotFoundError extends DomainError<"NODE_NOT_FOUND"> {
  constructor() {
    super("NODE_NOT_FOUND", NODE_NOT_FOUND);
  }
}

/** Blocking errors (back-office §5): the message is the first field's. */
export class NodeInvalidError extends DomainError<"NODE_INVALID"> {
  constructor(fields: FieldMessages) {
    super("NODE_INVALID", Object.values(fields).flat()[0] ?? "", fields);
  }
}

/** A save with ignorable warnings: nothing is written; saving again with ignore_warnings goes on. */
export class NodeWarningsError extends DomainError<"NODE_HAS_WARNINGS"> {
  constructor(readonly warnings: string[]) {
    super("NODE_HAS_WARNINGS", NODE_WARNINGS_MESSAGE);
  }
}

export class NodeExistsError extends DomainError<"NODE_EXISTS"> {
  constructor() {
    super("NODE_EXISTS", "A node with this id already exists.");
  }
}

/** A node saved against an old expected version (code STALE_VERSION, shared with every record). */
export class StaleNodeVersionError extends StaleVersionError {
  constructor(savedBy: UserRef | null, savedAt: string, version: number) {
    super("node", savedBy, savedAt, version);
  }
}

export class UrlTakenError extends DomainError<"URL_TAKEN"> {
  constructor() {
    const message = "Another node already uses this url.";
    super("URL_TAKEN", message, fieldMessage("url", message));
  }
}

/** A parent that does not exist, or (`loop`) one that would contain the node in itself. */
export class InvalidParentError extends DomainError<"INVALID_PARENT"> {
  constructor(loop = false) {
    const message = loop ? PARENT_LOOP : "Select a valid parent.";
    super("INVALID_PARENT", message, fieldMessage("parent", message));
  }
}

/** Keyword ids that name no keyword, reported on `field` (`keywords` in a save, `keyword` in a link). */
export class UnknownKeywordError extends DomainError<"UNKNOWN_KEYWORD"> {
  constructor(field: string, ids: readonly (number | string)[]) {
    const message = `Unknown keyword ${ids.join(", ")}.`;
    super("UNKNOWN_KEYWORD", message, fieldMessage(field, message));
  }
}

/** No public page at that url (or not one a visitor may see). */
export class PageNotFoundError extends DomainError<"PAGE_NOT_FOUND"> {
  constructor() {
    super("PAGE_NOT_FOUND", "Page not found.");
  }
}
