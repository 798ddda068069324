import { describe, expect, it } from "vitest";
import { comparePositions, START, type LogPosition, type RecordedEvent } from "@shop/shared";
import { subscribeByPolling, type PollingSource } from "./subscription.ts";

/** A log in memory, as a polling source that records where each read began. */
function fakeLog(readAhead: boolean) {
  const events: RecordedEvent[] = [];
  const reads: bigint[] = [];
  let wake = () => {};
  const append = () => {
    const n = BigInt(events.length + 1);
    events.push({
      type: "Noted",
      position: { major: n, minor: n },
      globalPosition: events.length + 1,
    } as RecordedEvent);
    wake();
  };
  const source: PollingSource = {
    async readAll(from: LogPosition, { limit }) {
      reads.push(from.minor);
      return events.filter((e) => comparePositions(e.position, from) > 0).slice(0, limit);
    },
    hasUnsettled: async () => false,
    async listen(onWake) {
      wake = onWake;
      return async () => {};
    },
    readAhead,
  };
  return { events, reads, append, source };
}

describe("subscribeByPolling", () => {
  it("reads the next batch while a full one is delivered, when the source reads beside deliveries", async () => {
    const log = fakeLog(true);
    for (let i = 0; i < 5; i++) log.append();
    const readsAtDelivery: number[] = [];
    const delivered: bigint[] = [];
    const subscription = subscribeByPolling(log.source, {
      from: START,
      batchSize: 2,
      onEvents(events) {
        readsAtDelivery.push(log.reads.length);
        delivered.push(...events.map((e) => e.position.minor));
      },
    });
    await subscription.caughtUp();
    await subscription.stop();
    expect(delivered).toEqual([1n, 2n, 3n, 4n, 5n]);
    // Each full batch's next read had begun when it was delivered; the short one's had not.
    expect(readsAtDelivery).toEqual([2, 3, 3]);
    expect(log.reads.slice(0, 3)).toEqual([0n, 2n, 4n]);
  });

  it("does not read ahead for a source with one connection", async () => {
    const log = fakeLog(false);
    for (let i = 0; i < 5; i++) log.append();
    const readsAtDelivery: number[] = [];
    const subscription = subscribeByPolling(log.source, {
      from: START,
      batchSize: 2,
      onEvents: () => void readsAtDelivery.push(log.reads.length),
    });
    await subscription.caughtUp();
    await subscription.stop();
    expect(readsAtDelivery).toEqual([1, 2, 3]);
  });

  it("caughtUp() called after a read ahead began waits for the events appended before the call", async () => {
    const log = fakeLog(true);
    log.append();
    log.append();
    const delivered: bigint[] = [];
    let later: Promise<bigint[]> | undefined;
    const subscription = subscribeByPolling(log.source, {
      from: START,
      batchSize: 2,
      onEvents(events) {
        delivered.push(...events.map((e) => e.position.minor));
        if (later) return;
        // The read ahead from 2 began (and found nothing) before this append and this call.
        log.append();
        later = subscription.caughtUp().then(() => [...delivered]);
      },
    });
    await subscription.caughtUp();
    expect(await later).toEqual([1n, 2n, 3n]);
    await subscription.stop();
  });

  it("a delivery that fails is delivered again from where it began, not from the read ahead", async () => {
    const log = fakeLog(true);
    for (let i = 0; i < 4; i++) log.append();
    const delivered: bigint[][] = [];
    let failed = false;
    const subscription = subscribeByPolling(log.source, {
      from: START,
      batchSize: 2,
      onEvents(events) {
        if (!failed) {
          failed = true;
          throw new Error("the database went away");
        }
        delivered.push(events.map((e) => e.position.minor));
      },
      onError: () => {},
    });
    await subscription.caughtUp();
    await subscription.stop();
    expect(delivered).toEqual([
      [1n, 2n],
      [3n, 4n],
    ]);
  });

  it("stop() returns once the read ahead has come back: no read outlives the subscription", async () => {
    const log = fakeLog(true);
    for (let i = 0; i < 3; i++) log.append();
    let releaseRead!: () => void;
    const readGate = new Promise<void>((resolve) => (releaseRead = resolve));
    let releaseDelivery!: () => void;
    const deliveryGate = new Promise<void>((resolve) => (releaseDelivery = resolve));
    let delivering!: () => void;
    const delivered = new Promise<void>((resolve) => (delivering = resolve));
    const source: PollingSource = {
      ...log.source,
      async readAll(from, options) {
        if (from.minor === 2n) await readGate; // the read ahead
        return log.source.readAll(from, options);
      },
    };
    const subscription = subscribeByPolling(source, {
      from: START,
      batchSize: 2,
      async onEvents() {
        delivering();
        await deliveryGate;
      },
    });
    await delivered;
    let stopped = false;
    const stopping = subscription.stop().then(() => {
      stopped = true;
    });
    releaseDelivery();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stopped).toBe(false);
    releaseRead();
    await stopping;
    expect(stopped).toBe(true);
  });
});
