/**
 * Slows password guessing: after `maxFailures` failed logins for one key (an address, or an address
 * and an email) within `windowMs`, further attempts are refused until the window has passed.
 * Per process, in memory: enough to make guessing impractical; a success clears the key.
 */
export class LoginThrottle {
  private failures = new Map<string, number[]>();

  constructor(
    private readonly clock: () => Date,
    private readonly maxFailures = 5,
    private readonly windowMs = 15 * 60_000,
  ) {}

  private recent(address: string): number[] {
    const since = this.clock().getTime() - this.windowMs;
    const list = (this.failures.get(address) ?? []).filter((t) => t > since);
    if (list.length) this.failures.set(address, list);
    else this.failures.delete(address);
    return list;
  }

  isBlocked(address: string): boolean {
    return this.recent(address).length >= this.maxFailures;
  }

  recordFailure(address: string): void {
    this.failures.set(address, [...this.recent(address), this.clock().getTime()]);
  }

  recordSuccess(address: string): void {
    this.failures.delete(address);
  }
}
