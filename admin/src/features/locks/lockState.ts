import type { RecordLock } from "@shop/shared";

export type LockState = "loading" | "mine" | "other" | "none";
/** Where the page's lock check stands: not answered yet, answered, or failed (server down, 500). */
export type LockCheck = "pending" | "answered" | "failed";

export const LOCK_CHECK_FAILED = "The lock could not be checked. Trying again…";

/**
 * What the page shows about one record's lock. §8 "Failed lock check → Wipe the local lock": a failed
 * check forgets whatever lock this page knew and counts as unlocked, so nothing waits on "Checking lock…".
 */
export function lockStateOf(check: LockCheck, lock: RecordLock | null, myId: string | undefined): LockState {
  if (check === "pending") return "loading";
  if (check === "failed" || !lock) return "none";
  return lock.user.id === myId ? "mine" : "other";
}

/** The lock a page may rely on: none at all after a failed check, even if an older answer is cached. */
export const knownLock = (check: LockCheck, lock: RecordLock | null | undefined): RecordLock | null =>
  check === "answered" ? (lock ?? null) : null;

/** Waits between re-checks after a failure: 1 s, 2 s, 4 s … at most 30 s, so a server that is back is noticed soon. */
export function lockCheckRetryDelay(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures));
}
