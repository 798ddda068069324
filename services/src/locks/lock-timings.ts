/** How long an automatic lock survives its holder's absence, and how often presence and expiry run. Injectable so tests run in seconds. */
export interface LockTimings {
  /** An automatic lock whose holder has had no admin socket for this long (and that is this old) is released. */
  expireAfterMs: number;
  /** How often the projection leader looks for idle automatic locks. */
  sweepEveryMs: number;
  /** How often each process records that its connected staff are still there. */
  heartbeatEveryMs: number;
}

export const DEFAULT_LOCK_TIMINGS: LockTimings = {
  expireAfterMs: 60_000,
  sweepEveryMs: 5_000,
  heartbeatEveryMs: 10_000,
};

export function lockTimings(overrides: Partial<LockTimings> = {}): LockTimings {
  const timings = { ...DEFAULT_LOCK_TIMINGS, ...overrides };
  // A heartbeat slower than the expiry time would expire locks of people who are still there.
  if (timings.heartbeatEveryMs * 2 > timings.expireAfterMs)
    throw new Error("lock timings: heartbeatEveryMs must be at most half of expireAfterMs");
  return timings;
}
