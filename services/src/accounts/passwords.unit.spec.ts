import { hash } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import { createHashingGate, hashPassword, PASSWORD_HASHING, passwordHashing, verifyPassword } from "./passwords.ts";

const cheap = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

describe("argon2 work is capped process-wide", () => {
  it("security 12: twelve hashes at once never run more than the cap together", async () => {
    const gate = createHashingGate({ concurrent: 2, queued: 64 });
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        gate.run(async () => {
          running++;
          most = Math.max(most, running);
          try {
            return await hash(`password ${i}`, cheap);
          } finally {
            running--;
          }
        }),
      ),
    );
    expect(most).toBe(2);
  });

  it("security 12: beyond the queue a call is refused at once with PASSWORD_WORK_BUSY; the others finish", async () => {
    const gate = createHashingGate({ concurrent: 2, queued: 3 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => gate.run(() => hash(`password ${i}`, cheap))),
    );
    const refused = outcomes.filter((o) => o.status === "rejected");
    expect(refused).toHaveLength(3);
    expect(refused.map((o) => (o as PromiseRejectedResult).reason.code)).toEqual(Array(3).fill("PASSWORD_WORK_BUSY"));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(5);
    expect([gate.running, gate.queued]).toEqual([0, 0]);
  });

  it("security 12: the accounts' own hashing and verifying go through the gate", async () => {
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, passwordHashing.running)), 1);
    const before = passwordHashing.done;
    try {
      const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`password ${i}`)));
      const checks = await Promise.all(hashes.map((h, i) => verifyPassword(h, `password ${i}`)));
      expect(checks).toEqual(Array(6).fill(true));
    } finally {
      clearInterval(sampler);
    }
    expect(passwordHashing.done - before).toBe(12);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(PASSWORD_HASHING.concurrent);
    expect(passwordHashing.peak).toBeLessThanOrEqual(PASSWORD_HASHING.concurrent);
  });
});
