import { BACK_OFFICE_MESSAGES, type RecordLock, type UserRef } from "@shop/shared";
import { DomainError } from "../platform/domain-error.ts";

export const NODE_NOT_FOUND = "This node does not exist.";
export const NODE_WARNINGS_MESSAGE = "Please review the warnings. Save again with ignore_warnings to continue.";

export const nodeNotFound = () => new DomainError("NODE_NOT_FOUND", NODE_NOT_FOUND, 404);

/**
 * A save with ignorable warnings: nothing is written and the answer lists them in
 * `metadata.warnings` (the error middleware lets `details` replace the metadata it builds).
 */
export class NodeWarningsError extends DomainError {
  constructor(readonly warnings: string[]) {
    super("NODE_HAS_WARNINGS", NODE_WARNINGS_MESSAGE, 400, [], {
      metadata: { success: false, message: NODE_WARNINGS_MESSAGE, errors: [], warnings },
    });
  }
}

/** A save against an old expected_version: says who saved since, when, and the version now. */
export class StaleNodeVersionError extends DomainError {
  constructor(savedBy: UserRef | null, savedAt: string, version: number) {
    const who = savedBy?.name ?? "Someone";
    const message = `${who} saved this node at ${savedAt} (version ${version}) after you opened it. Reload it to see their changes, then save again.`;
    super("STALE_VERSION", message, 409, [`__all__: ${message}`], { saved_by: savedBy, saved_at: savedAt, version });
  }
}

/**
 * A save while another user holds the record's lock: refused like a lock request would be
 * ('Object is already locked!' and the holder in `lock`), so the page can offer the kick-off.
 */
export class NodeLockedError extends DomainError {
  constructor(readonly lock: RecordLock) {
    super("NODE_LOCKED", BACK_OFFICE_MESSAGES.alreadyLocked, 409, [`__all__: ${BACK_OFFICE_MESSAGES.alreadyLocked}`], {
      lock,
    });
  }
}
