import { describe, expect, it } from "vitest";
import { knownLock, lockCheckRetryDelay, lockStateOf } from "./lockState";

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
