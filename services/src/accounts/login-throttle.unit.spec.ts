import { describe, expect, it } from "vitest";
import { LoginThrottle } from "./login-throttle.ts";

const MINUTE = 60_000;

function throttleAt(start = Date.parse("2026-01-05T10:00:00Z")) {
  let now = start;
  const throttle = new LoginThrottle(() => new Date(now), 3, 15 * MINUTE);
  return { throttle, advance: (ms: number) => (now += ms) };
}

describe("login throttle", () => {
  it("refuses a key after 3 failures within the window, and lets it try again once they have aged out", () => {
    const { throttle, advance } = throttleAt();
    for (let i = 0; i < 3; i++) throttle.recordFailure("1.2.3.4|a@b.org");
    expect(throttle.isBlocked("1.2.3.4|a@b.org")).toBe(true);
    expect(throttle.isBlocked("1.2.3.4|c@d.org")).toBe(false);
    advance(15 * MINUTE + 1);
    expect(throttle.isBlocked("1.2.3.4|a@b.org")).toBe(false);
  });

  it("a success clears the key", () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 3; i++) throttle.recordFailure("k");
    throttle.recordSuccess("k");
    expect(throttle.isBlocked("k")).toBe(false);
  });

  it("forgets keys that are never asked about again once their failures have aged out", () => {
    const { throttle, advance } = throttleAt();
    for (let i = 0; i < 1000; i++) throttle.recordFailure(`10.0.${i >> 8}.${i & 255}|guess${i}@example.org`);
    expect(throttle.size).toBe(1000);
    advance(10 * MINUTE);
    throttle.recordFailure("fresh");
    expect(throttle.size).toBe(1001); // still inside the window: all remembered
    advance(6 * MINUTE);
    throttle.recordFailure("newer");
    expect(throttle.size).toBe(2); // 'fresh' (6 minutes old) and 'newer' remain
  });
});
