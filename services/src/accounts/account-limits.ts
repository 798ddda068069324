import { RateLimiterMemory, RateLimiterRes } from "../platform/rate-limiters.ts";

/**
 * Limits on the account work that costs us (argon2, mails), before it is done. Each is multiplied by
 * RATE_LIMIT_MULTIPLIER (1 in production; benches raise it). Login's own limits are in login-throttle.ts.
 */
export const ACCOUNT_LIMITS = {
  /** Sign-ups from one address within the hour, successful or not (each hashes a password). */
  signupsPerAddress: 20,
  signupWindowSeconds: 60 * 60,
  /** Wrong or expired reset links tried from one address within 15 minutes; a reset that works gives its own back. */
  resetFailuresPerAddress: 10,
  resetWindowSeconds: 15 * 60,
  /** One reset mail per address within this time; the answer stays the same (decided from the account's stream). */
  resetMailEveryMs: 5 * 60_000,
};

/** A per-process counter: `take` spends one point and says how long to wait when none is left. */
export function addressLimiter(points: number, windowSeconds: number) {
  const limiter = new RateLimiterMemory({ points, duration: windowSeconds });
  return {
    /** null when allowed; else the seconds until the next attempt is taken. */
    async take(key: string): Promise<number | null> {
      try {
        await limiter.consume(key);
        return null;
      } catch (error) {
        if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        throw error;
      }
    },
    /** Gives back a point (an attempt that succeeded does not count). */
    async giveBack(key: string): Promise<void> {
      await limiter.reward(key, 1);
    },
  };
}

/** The account routes' limiters, for one app (per process: a restart or a second process starts afresh). */
export function createAccountLimiters(multiplier = 1) {
  return {
    signups: addressLimiter(ACCOUNT_LIMITS.signupsPerAddress * multiplier, ACCOUNT_LIMITS.signupWindowSeconds),
    resetFailures: addressLimiter(
      ACCOUNT_LIMITS.resetFailuresPerAddress * multiplier,
      ACCOUNT_LIMITS.resetWindowSeconds,
    ),
    resetMailEveryMs: ACCOUNT_LIMITS.resetMailEveryMs / multiplier,
  };
}
export type AccountLimiters = ReturnType<typeof createAccountLimiters>;
