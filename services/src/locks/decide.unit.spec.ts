import { describe, expect, it } from "vitest";
import { type LockEvent, RecordLockedError } from "@shop/shared";
import { deciderSpec } from "../testing/decider-spec.ts";
import { decideRecordLock } from "./decide.ts";
import { recordLockDecider } from "./record-lock.ts";

const spec = deciderSpec(recordLockDecider, decideRecordLock);
const record = { app: "content", model: "contentnode", id: 42 };
const edna = { id: "u-edna", name: "Edna Editor" };
const rick = { id: "u-rick", name: "Rick Reviewer" };
const t0 = new Date("2026-11-22T10:00:00.000Z");
const t1 = new Date("2026-11-22T10:05:00.000Z");

const taken = (
  user = edna,
  extra: Partial<{ reason: number; comment: string; autoCreated: boolean; takenAt: string }> = {},
): LockEvent => ({
  type: "LockTaken",
  data: { ...record, user, reason: 1, comment: "", autoCreated: true, takenAt: t0.toISOString(), ...extra },
});
const take = (user = edna, extra: Partial<{ reason: number; comment: string; autoCreated: boolean }> = {}) =>
  ({
    type: "TakeLock",
    data: { ...record, user, reason: 1, comment: "", autoCreated: true, now: t1, ...extra },
  }) as const;
const release = (by = edna, force = false) =>
  ({ type: "ReleaseLock", data: { ...record, by, force, now: t1 } }) as const;

describe("record lock rules (back-office §4 Lock)", () => {
  it("an unlocked record is locked by whoever asks", () => {
    spec
      .given([])
      .when(take(edna, { reason: 2, comment: "fixing typos", autoCreated: false }))
      .then([
        {
          type: "LockTaken",
          data: {
            ...record,
            user: edna,
            reason: 2,
            comment: "fixing typos",
            autoCreated: false,
            takenAt: t1.toISOString(),
          },
        },
      ]);
  });

  it("reason 1 is an automatic lock", () => {
    spec
      .given([])
      .when(take(edna))
      .then([
        {
          type: "LockTaken",
          data: { ...record, user: edna, reason: 1, comment: "", autoCreated: true, takenAt: t1.toISOString() },
        },
      ]);
  });

  it("a record released earlier can be locked again", () => {
    spec
      .given([
        taken(rick),
        { type: "LockReleased", data: { ...record, user: rick, by: rick, releasedAt: t0.toISOString() } },
      ])
      .when(take(edna))
      .then([taken(edna, { takenAt: t1.toISOString() })]);
  });

  it("taking a lock you already hold first releases it, then takes it anew", () => {
    spec
      .given([taken(edna)])
      .when(take(edna, { reason: 3, comment: "second look", autoCreated: false }))
      .then([
        { type: "LockReleased", data: { ...record, user: edna, by: edna, releasedAt: t1.toISOString() } },
        {
          type: "LockTaken",
          data: {
            ...record,
            user: edna,
            reason: 3,
            comment: "second look",
            autoCreated: false,
            takenAt: t1.toISOString(),
          },
        },
      ]);
  });

  it("a record locked by someone else is refused with 'Object is already locked!' and the holder", () => {
    spec
      .given([taken(rick, { reason: 2, comment: "mine" })])
      .when(take(edna))
      .thenThrows("ALREADY_LOCKED");
    const state = [taken(rick, { reason: 2, comment: "mine", autoCreated: false })].reduce(
      recordLockDecider.evolve,
      recordLockDecider.initialState(),
    );
    const refusal = (() => {
      try {
        decideRecordLock(take(edna), state);
      } catch (e) {
        return e;
      }
    })();
    expect(refusal).toBeInstanceOf(RecordLockedError);
    expect((refusal as RecordLockedError).message).toBe("Object is already locked!");
    expect((refusal as RecordLockedError).lock).toEqual({ user: rick, reason: 2, comment: "mine", autoCreated: false });
  });

  it("the holder unlocks their own lock", () => {
    spec
      .given([taken(edna)])
      .when(release(edna))
      .then([{ type: "LockReleased", data: { ...record, user: edna, by: edna, releasedAt: t1.toISOString() } }]);
  });

  it("unlocking a record nobody holds changes nothing", () => {
    spec.given([]).when(release(edna)).then([]);
    spec
      .given([taken(edna), { type: "LockExpired", data: { ...record, user: edna, expiredAt: t0.toISOString() } }])
      .when(release(edna, true))
      .then([]);
  });

  it("unlocking someone else's lock without force_unlock is refused", () => {
    spec
      .given([taken(rick)])
      .when(release(edna))
      .thenThrows("ALREADY_LOCKED");
  });

  it("force_unlock kicks the holder off and records who did it", () => {
    spec
      .given([taken(rick)])
      .when(release(edna, true))
      .then([{ type: "LockKickedOff", data: { ...record, user: rick, by: edna, kickedOffAt: t1.toISOString() } }]);
  });

  it("after a kick-off the kicker can take the lock", () => {
    spec
      .given([
        taken(rick),
        { type: "LockKickedOff", data: { ...record, user: rick, by: edna, kickedOffAt: t0.toISOString() } },
      ])
      .when(take(edna))
      .then([taken(edna, { takenAt: t1.toISOString() })]);
  });

  it("force_unlock of your own lock is a plain release", () => {
    spec
      .given([taken(edna)])
      .when(release(edna, true))
      .then([{ type: "LockReleased", data: { ...record, user: edna, by: edna, releasedAt: t1.toISOString() } }]);
  });

  const expire = (holderId: string, takenAt = t0.toISOString()) =>
    ({ type: "ExpireLock", data: { ...record, holderId, takenAt, now: t1 } }) as const;

  it("an automatic lock of an absent holder expires", () => {
    spec
      .given([taken(edna)])
      .when(expire(edna.id))
      .then([{ type: "LockExpired", data: { ...record, user: edna, expiredAt: t1.toISOString() } }]);
  });

  it("a lock taken with another reason never expires", () => {
    spec
      .given([taken(edna, { reason: 2, autoCreated: false })])
      .when(expire(edna.id))
      .then([]);
  });

  it("expiry leaves a newer lock alone (retaken since the sweeper looked)", () => {
    spec
      .given([taken(edna)])
      .when(expire(edna.id, t1.toISOString()))
      .then([]);
    spec
      .given([taken(rick)])
      .when(expire(edna.id))
      .then([]);
  });

  it("expiring a free record changes nothing", () => {
    spec.given([]).when(expire(edna.id)).then([]);
  });
});
