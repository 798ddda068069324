import {
  ALREADY_RAN,
  BACK_OFFICE_MESSAGES,
  type ErrorCode,
  errorAnswerOf,
  errorCodeOf,
  NOT_VISIBLE_YET,
  SCHEDULED_ACTION_GONE,
} from "@shop/shared";

/**
 * What happened to a saved action the editor could not change or cancel, by the answer's code.
 * Scheduled actions take no lock, so none of these is an unlock failure (back-office §8's 'The action
 * could not be unlocked.' has no situation here; docs/decisions.md).
 */
const REFUSALS: Partial<Record<ErrorCode, string>> = {
  ALREADY_RAN,
  NOT_FOUND: SCHEDULED_ACTION_GONE,
  CONCURRENT_CHANGE: "Someone else changed this action at the same time. Reload the page and try again.",
  NOT_VISIBLE_YET,
};

/** The sentence for a refused change or cancel, or null when the answer's lines belong on the row's fields. */
export function scheduledActionRefusal(error: unknown): string | null {
  const code = errorCodeOf(error);
  if (code === "INVALID_REQUEST" || code === "UNKNOWN_RECORD") return null;
  const known = code ? REFUSALS[code] : undefined;
  if (known) return known;
  const message = errorAnswerOf(error)?.metadata.message;
  if (message) return message;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && status < 500
    ? BACK_OFFICE_MESSAGES.adminApiBroken
    : BACK_OFFICE_MESSAGES.genericServerError;
}
