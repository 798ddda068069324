/**
 * Slows password guessing: after `maxFailures` failed logins for one key (an address, or an address
 * and an email) within `windowMs`, further attempts are refused until the window has passed.
 * Per process, in memory: enough to make guessing impractical; a success clears the key.
 * Keys whose failures have all aged out are swept once per window, so a stream of logins from
 * ever-new addresses or emails does not grow the map without bound.
 */
export class LoginThrottle {
  private failures = new Map<string, number[]>();
  private lastSweep: number;

  constructor(
    private readonly clock: () => Date,
    private readonly maxFailures = 5,
    private readonly windowMs = 15 * 60_000,
  ) {
    this.lastSweep = clock().getTime();
  }

  /** How many keys are remembered (tests watch it shrink). */
  get size(): number {
    return this.failures.size;
  }

  private recent(key: string, now: number): number[] {
    const since = now - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    const since = now - this.windowMs;
    for (const [key, times] of this.failures) if (times[times.length - 1] <= since) this.failures.delete(key);
  }

  isBlocked(key: string): boolean {
    const now = this.clock().getTime();
    this.sweep(now);
    return this.recent(key, now).length >= this.maxFailures;
  }

  recordFailure(key: string): void {
    const now = this.clock().getTime();
    this.sweep(now);
    this.failures.set(key, [...this.recent(key, now), now]);
  }

  recordSuccess(key: string): void {
    this.failures.delete(key);
  }
}
