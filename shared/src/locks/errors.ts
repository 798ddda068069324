import { BACK_OFFICE_MESSAGES } from "../domain/messages.ts";
import { DomainError } from "../errors/domain-error.ts";
import type { RecordLock } from "./api.ts";

export const lockErrorCodes = ["ALREADY_LOCKED"] as const;
export type LockErrorCode = (typeof lockErrorCodes)[number];

/**
 * Another user holds the record's lock: refused for a lock request, an unlock without force and a
 * save alike, with the holder, so the page can ask whether to kick them off (back-office §8).
 */
export class RecordLockedError extends DomainError<"ALREADY_LOCKED"> {
  constructor(readonly lock: RecordLock) {
    super("ALREADY_LOCKED", BACK_OFFICE_MESSAGES.alreadyLocked);
  }
}
