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

/**
 * This page's own lock change (its take or release, a refusal naming the holder) made while a check
 * of the lock was in flight, with that check's request id: the check's answer is older news.
 */
export type PendingOverride = { requestId: string; lock: RecordLock | null } | null;

/** After the page's own change: remember it against the check in flight, or update the one remembered. */
export function overrideAfterChange(
  current: PendingOverride,
  checkInFlight: string | undefined,
  lock: RecordLock | null,
): PendingOverride {
  if (checkInFlight) return { requestId: checkInFlight, lock };
  return current ? { ...current, lock } : null;
}

/**
 * When a check is answered: the answer of the check that was in flight during the page's change is
 * older than that change, so the change is written back over it ("restore"); any later check's answer
 * is the news, and nothing is remembered after it.
 */
export function afterCheckAnswered(
  current: PendingOverride,
  answeredRequestId: string | undefined,
): { restore: boolean; next: PendingOverride } {
  if (!current) return { restore: false, next: null };
  return current.requestId === answeredRequestId ? { restore: true, next: current } : { restore: false, next: null };
}
