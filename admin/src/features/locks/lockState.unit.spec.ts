import { describe, expect, it } from "vitest";
import { afterCheckAnswered, knownLock, lockCheckRetryDelay, lockStateOf, overrideAfterChange } from "./lockState";

const mine = { user: { id: "1", name: "Demo Editor" }, reason: 1, comment: "", autoCreated: true };
const theirs = { ...mine, user: { id: "2", name: "Colleague Editor" } };

describe("a record lock as the page shows it", () => {
  it("is checking until the first answer", () => {
    expect(lockStateOf("pending", null, "1")).toBe("loading");
  });

  it("is 'mine', 'other' or 'none' from the answer", () => {
    expect(lockStateOf("answered", mine, "1")).toBe("mine");
    expect(lockStateOf("answered", theirs, "1")).toBe("other");
    expect(lockStateOf("answered", null, "1")).toBe("none");
  });

  it("a failed lock check wipes the local lock: unlocked, never stuck checking", () => {
    expect(knownLock("failed", mine)).toBeNull();
    expect(lockStateOf("failed", knownLock("failed", theirs), "1")).toBe("none");
  });
});

describe("a failed lock check is retried", () => {
  it("after 1 s, then twice as long each time, at most 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(lockCheckRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
});

describe("a check answered after the page's own lock change", () => {
  it("the answer of a check sent before the page took the lock is older news: the page's lock is written back", () => {
    const override = overrideAfterChange(null, "check-1", mine);
    expect(afterCheckAnswered(override, "check-1")).toEqual({
      restore: true,
      next: { requestId: "check-1", lock: mine },
    });
  });

  it("a later change while no check is in flight updates what is written back", () => {
    const override = overrideAfterChange(overrideAfterChange(null, "check-1", mine), undefined, null);
    expect(override).toEqual({ requestId: "check-1", lock: null });
  });

  it("a change with no check in flight, or a later check's answer, leaves the answers alone", () => {
    expect(overrideAfterChange(null, undefined, mine)).toBeNull();
    expect(afterCheckAnswered(null, "check-1")).toEqual({ restore: false, next: null });
    expect(afterCheckAnswered(overrideAfterChange(null, "check-1", mine), "check-2")).toEqual({
      restore: false,
      next: null,
    });
  });
});
