import { NOT_VISIBLE_YET } from "../accounts/api.ts";
import type { UserRef } from "../content/events.ts";
import { DomainError, type FieldMessages } from "./domain-error.ts";

/**
 * Codes of refusals that belong to no one feature: a request that fails its checks, a record that is
 * not there, a write that lost a race, and the answers the HTTP layer gives by itself (sign-in, CSRF,
 * body parsing, a server fault).
 */
export const requestErrorCodes = [
  "INVALID_REQUEST",
  "TOO_MANY_REQUESTS",
  "NOT_FOUND",
  "UNKNOWN_RECORD",
  "CONCURRENT_CHANGE",
  "STALE_VERSION",
  "NOT_VISIBLE_YET",
  "LOGIN_REQUIRED",
  "STAFF_REQUIRED",
  "CSRF_FAILED",
  "REQUEST_TOO_LARGE",
  "UNSUPPORTED_ENCODING",
  "SERVER_ERROR",
  "DATABASE_UNAVAILABLE",
  "SERVER_BUSY",
] as const;
export type RequestErrorCode = (typeof requestErrorCodes)[number];

export const INVALID_REQUEST = "Invalid request syntax or bad data.";

/** A request whose values fail a check its schema cannot make (an unknown sort column, a bad lookup). */
export class InvalidRequestError extends DomainError<"INVALID_REQUEST"> {
  constructor(fields: FieldMessages) {
    super("INVALID_REQUEST", INVALID_REQUEST, fields);
  }
}

/** Nothing at that path. */
export class NotFoundError extends DomainError<"NOT_FOUND"> {
  constructor(message = "Not found.") {
    super("NOT_FOUND", message);
  }
}

/** A command names records that are not in the log; the message is the first field's. */
export class UnknownRecordError extends DomainError<"UNKNOWN_RECORD"> {
  constructor(fields: FieldMessages) {
    super("UNKNOWN_RECORD", Object.values(fields).flat()[0] ?? INVALID_REQUEST, fields);
  }
}

/**
 * A save against an old expected version of a record (`what`: "node", "product"...): who saved
 * since, when, and the version now, so the editor can review their changes.
 */
export class StaleVersionError extends DomainError<"STALE_VERSION"> {
  constructor(
    what: string,
    readonly savedBy: UserRef | null,
    readonly savedAt: string,
    readonly version: number,
  ) {
    const who = savedBy?.name ?? "Someone";
    super(
      "STALE_VERSION",
      `${who} saved this ${what} at ${savedAt} (version ${version}) after you opened it. Reload it to see their changes, then save again.`,
    );
  }
}

/**
 * The write is in the log but the read models behind its answer did not show it in time. Not a
 * failure to retry (a retry would write it twice) and not a success whose read would miss it.
 */
export class NotVisibleYetError extends DomainError<"NOT_VISIBLE_YET"> {
  constructor() {
    super("NOT_VISIBLE_YET", NOT_VISIBLE_YET);
  }
}
