import { DomainError } from "../errors/domain-error.ts";

/** Scheduled actions' refusals; an action that is not there (or was cancelled) is a `NotFoundError`. */
export const scheduledActionErrorCodes = ["ALREADY_SCHEDULED", "ALREADY_RAN"] as const;
export type ScheduledActionErrorCode = (typeof scheduledActionErrorCodes)[number];

export const ALREADY_RAN = "This action has already run; it can no longer be changed.";
/** What the editor says when the action it shows is gone (cancelled in another tab, or never saved). */
export const SCHEDULED_ACTION_GONE = "This action was cancelled meanwhile; it can no longer be changed.";

export class ActionAlreadyScheduledError extends DomainError<"ALREADY_SCHEDULED"> {
  constructor() {
    super("ALREADY_SCHEDULED", "This action already exists.");
  }
}

/** A runner took the action (it is running or done): it can no longer be changed or cancelled. */
export class ActionAlreadyRanError extends DomainError<"ALREADY_RAN"> {
  constructor() {
    super("ALREADY_RAN", ALREADY_RAN);
  }
}
