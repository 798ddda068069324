import type { Metadata } from "../accounts/api.ts";
import type { UserRef } from "../content/events.ts";
import type { RecordLock } from "../locks/api.ts";

/**
 * The body of a refused request, as the error middleware answers it: 'field: message' lines in
 * `metadata.errors`, an ignorable save's `metadata.warnings`, and what some refusals add at the top.
 */
export interface ErrorAnswer {
  metadata: Metadata & { warnings?: string[] };
  /** A save refused because someone else holds the record's lock: the holder. */
  lock?: RecordLock | null;
  /** A stale save (409): who saved the newer version, when, and that version. */
  saved_by?: UserRef | null;
  saved_at?: string;
  version?: number;
}
