import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  START,
  WrongExpectedVersionError,
  comparePositions,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
} from "@shop/shared";

export interface StoreUnderTest {
  store: EventStore;
  cleanup(): Promise<void>;
}

/**
 * The behaviour every EventStore keeps. The store may be shared with other writers (EventStoreDB),
 * so each test works on its own streams and reads the log from the head it saw before writing.
 */
export function runEventStoreContract(name: string, makeStore: () => Promise<StoreUnderTest>): void {
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      ({ store, cleanup } = await makeStore());
    });
    afterAll(async () => {
      await cleanup?.();
    });

    const streamOf = (label: string) => `${label}-${randomUUID()}`;
    const event = (type: string, data: unknown = {}) => ({ type, data });

    /** Every event after `from` that belongs to `streams`, paging through the whole log. */
    async function readOwn(from: LogPosition, streams: string[]): Promise<RecordedEvent[]> {
      // On a shared PostgreSQL server any open transaction (another test file's, another database's)
      // holds back readAll; wait until everything up to the head is readable.
      await settledUpTo(await store.head());
      const own: RecordedEvent[] = [];
      for (let position = from; ; ) {
        const page = await store.readAll(position, { limit: 500 });
        if (page.length === 0) return own;
        own.push(...page.filter((e) => streams.includes(e.streamId)));
        position = page[page.length - 1].position;
      }
    }

    /** Waits (≤ 10 s) until the settled head has reached `position`; false if it has not by then. */
    async function settledUpTo(position: LogPosition): Promise<boolean> {
      for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
        if (comparePositions(await store.settledHead(), position) >= 0) return true;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return false;
    }

    function expectIncreasing(events: RecordedEvent[]) {
      for (let i = 1; i < events.length; i++)
        expect(comparePositions(events[i - 1].position, events[i].position)).toBe(-1);
    }

    it("reads back what was appended: type, data, metadata and schema version", async () => {
      const streamId = streamOf("round-trip");
      const metadata = { userId: "user-7", correlationId: "corr-1", causationId: "cause-1", requestId: "req-1" };
      const data = { name: "Pin", price_cents: 1250, tags: ["a", "b"], nested: { ok: true, none: null } };
      await store.append(streamId, [
        { type: "ProductAdded", data, metadata, schemaVersion: 3 },
        { type: "ProductRenamed", data: { name: "Badge" }, metadata: { userId: null } },
      ]);

      const [first, second] = await store.readStream(streamId);
      expect(first).toMatchObject({
        streamId,
        streamPosition: 0,
        type: "ProductAdded",
        data,
        metadata,
        schemaVersion: 3,
      });
      expect(first.createdAt).toBeInstanceOf(Date);
      expect(second).toMatchObject({
        streamPosition: 1,
        type: "ProductRenamed",
        data: { name: "Badge" },
        metadata: { userId: null },
        schemaVersion: 1,
      });
    });

    it("gives a multi-event append consecutive stream positions and reports the last one", async () => {
      const streamId = streamOf("batch");
      const first = await store.append(streamId, [event("A"), event("B")]);
      const second = await store.append(streamId, [event("C"), event("D"), event("E")], { expectedVersion: 1 });
      expect(first.nextExpectedVersion).toBe(1);
      expect(second.nextExpectedVersion).toBe(4);
      expect(comparePositions(first.position, second.position)).toBe(-1);
      const events = await store.readStream(streamId);
      expect(events.map((e) => [e.type, e.streamPosition])).toEqual([
        ["A", 0],
        ["B", 1],
        ["C", 2],
        ["D", 3],
        ["E", 4],
      ]);
      expect(comparePositions(events[4].position, second.position)).toBe(0);
    });

    it("accepts no-stream only for a new stream", async () => {
      const streamId = streamOf("no-stream");
      await store.append(streamId, [event("Created")], { expectedVersion: "no-stream" });
      const error = await store.append(streamId, [event("Created")], { expectedVersion: "no-stream" }).catch((e) => e);
      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect(error).toMatchObject({ streamId, expected: "no-stream", actual: 0, code: "WRONG_EXPECTED_VERSION" });
      expect(await store.readStream(streamId)).toHaveLength(1);
    });

    it("accepts any version with `any`, on a new and on an existing stream", async () => {
      const streamId = streamOf("any");
      expect((await store.append(streamId, [event("A")], { expectedVersion: "any" })).nextExpectedVersion).toBe(0);
      expect((await store.append(streamId, [event("B")])).nextExpectedVersion).toBe(1);
      expect((await store.readStream(streamId)).map((e) => e.type)).toEqual(["A", "B"]);
    });

    it("accepts the exact version and refuses a stale one with the actual version", async () => {
      const streamId = streamOf("exact");
      await store.append(streamId, [event("A"), event("B")]);
      expect((await store.append(streamId, [event("C")], { expectedVersion: 1 })).nextExpectedVersion).toBe(2);

      const stale = await store.append(streamId, [event("D")], { expectedVersion: 1 }).catch((e) => e);
      expect(stale).toBeInstanceOf(WrongExpectedVersionError);
      expect(stale).toMatchObject({ streamId, expected: 1, actual: 2 });
      const missing = streamOf("exact-missing");
      const onMissing = await store.append(missing, [event("A")], { expectedVersion: 0 }).catch((e) => e);
      expect(onMissing).toBeInstanceOf(WrongExpectedVersionError);
      expect(onMissing).toMatchObject({ streamId: missing, expected: 0, actual: "no-stream" });
      expect((await store.readStream(streamId)).map((e) => e.type)).toEqual(["A", "B", "C"]);
      expect(await store.readStream(missing)).toEqual([]);
    });

    it("readStreams answers each stream's events in the order asked, a missing stream empty", async () => {
      const [a, b, missing] = [streamOf("many-a"), streamOf("many-b"), streamOf("many-missing")];
      await store.append(a, [event("A1", { n: 1 }), event("A2")]);
      await store.append(b, [event("B1")]);
      const read = await store.readStreams([b, missing, a, b]);
      expect(read.map((events) => events.map((e) => e.type))).toEqual([["B1"], [], ["A1", "A2"], ["B1"]]);
      expect(read[2].map((e) => [e.streamId, e.streamPosition, e.data])).toEqual([
        [a, 0, { n: 1 }],
        [a, 1, {}],
      ]);
      expect(read[2]).toEqual(await store.readStream(a));
      expect(await store.readStreams([])).toEqual([]);
    });

    it("reads asked for side by side each answer their own stream from their own position", async () => {
      const [a, b] = [streamOf("side-a"), streamOf("side-b")];
      await store.append(a, [event("A1"), event("A2"), event("A3")]);
      await store.append(b, [event("B1"), event("B2")]);
      const [fromStart, fromTwo, other, missing] = await Promise.all([
        store.readStream(a),
        store.readStream(a, { from: 2 }),
        store.readStream(b, { from: 1 }),
        store.readStream(streamOf("side-missing")),
      ]);
      expect(fromStart.map((e) => e.type)).toEqual(["A1", "A2", "A3"]);
      expect(fromTwo.map((e) => e.type)).toEqual(["A3"]);
      expect(other.map((e) => e.type)).toEqual(["B2"]);
      expect(missing).toEqual([]);
    });

    // appendMany is optional (KurrentDB has none): these run where the store has it.
    const withAppendMany = () => (store.appendMany ? store.appendMany.bind(store) : null);

    it("appendMany writes several streams with their expected versions and reports each one's last position", async (ctx) => {
      const appendMany = withAppendMany();
      if (!appendMany) return ctx.skip();
      const [fresh, existing, anyStream] = [streamOf("many-new"), streamOf("many-old"), streamOf("many-any")];
      const before = await store.head();
      await store.append(existing, [event("A"), event("B")]);
      const results = await appendMany([
        { streamId: fresh, events: [event("N1", { n: 1 }), event("N2")], expectedVersion: "no-stream" },
        { streamId: existing, events: [event("C")], expectedVersion: 1 },
        { streamId: anyStream, events: [event("X")] },
      ]);
      expect(results.map((r) => r.nextExpectedVersion)).toEqual([1, 2, 0]);
      expect((await store.readStream(fresh)).map((e) => [e.type, e.streamPosition, e.data])).toEqual([
        ["N1", 0, { n: 1 }],
        ["N2", 1, {}],
      ]);
      expect((await store.readStream(existing)).map((e) => e.type)).toEqual(["A", "B", "C"]);
      const own = await readOwn(before, [fresh, existing, anyStream]);
      expectIncreasing(own);
      expect(own.map((e) => e.type)).toEqual(["A", "B", "N1", "N2", "C", "X"]);
      for (const [i, streamId] of [fresh, existing, anyStream].entries()) {
        const last = own.filter((e) => e.streamId === streamId).at(-1)!;
        expect(comparePositions(results[i].position, last.position)).toBe(0);
      }
    });

    it("appendMany appends nothing when one stream's expected version is wrong, and names that stream", async (ctx) => {
      const appendMany = withAppendMany();
      if (!appendMany) return ctx.skip();
      const [fresh, taken, stale] = [streamOf("many-fresh"), streamOf("many-taken"), streamOf("many-stale")];
      await store.append(taken, [event("Claimed")]);
      await store.append(stale, [event("A"), event("B")]);
      const refused = await appendMany([
        { streamId: fresh, events: [event("N")], expectedVersion: "no-stream" },
        { streamId: taken, events: [event("Claimed")], expectedVersion: "no-stream" },
      ]).catch((e) => e);
      expect(refused).toBeInstanceOf(WrongExpectedVersionError);
      expect(refused).toMatchObject({ streamId: taken, expected: "no-stream", actual: 0 });
      const staleError = await appendMany([
        { streamId: fresh, events: [event("N")], expectedVersion: "no-stream" },
        { streamId: stale, events: [event("C")], expectedVersion: 0 },
      ]).catch((e) => e);
      expect(staleError).toMatchObject({ streamId: stale, expected: 0, actual: 1 });
      expect(await store.readStream(fresh)).toEqual([]);
      expect((await store.readStream(taken)).map((e) => e.type)).toEqual(["Claimed"]);
      expect((await store.readStream(stale)).map((e) => e.type)).toEqual(["A", "B"]);
    });

    it("appendMany refuses a stream named twice in one call", async (ctx) => {
      const appendMany = withAppendMany();
      if (!appendMany) return ctx.skip();
      const twice = streamOf("many-twice");
      await expect(
        appendMany([
          { streamId: twice, events: [event("A")] },
          { streamId: twice, events: [event("B")] },
        ]),
      ).rejects.toThrow("appendMany takes each stream once");
      expect(await store.readStream(twice)).toEqual([]);
    });

    it("appendMany and concurrent appends to the same streams keep every stream's positions gapless", async (ctx) => {
      const appendMany = withAppendMany();
      if (!appendMany) return ctx.skip();
      const streams = Array.from({ length: 5 }, () => streamOf("many-race"));
      await Promise.all([
        ...Array.from({ length: 4 }, () => appendMany(streams.map((streamId) => ({ streamId, events: [event("M")] })))),
        ...streams.flatMap((streamId) => [store.append(streamId, [event("S")]), store.append(streamId, [event("S")])]),
      ]);
      for (const streamId of streams)
        expect((await store.readStream(streamId)).map((e) => e.streamPosition)).toEqual([0, 1, 2, 3, 4, 5]);
    });

    it("reads a stream from a stream position, and a missing stream as empty", async () => {
      const streamId = streamOf("from");
      await store.append(streamId, [event("A"), event("B"), event("C"), event("D")]);
      expect((await store.readStream(streamId, { from: 2 })).map((e) => [e.type, e.streamPosition])).toEqual([
        ["C", 2],
        ["D", 3],
      ]);
      expect(await store.readStream(streamId, { from: 4 })).toEqual([]);
      expect(await store.readStream(streamOf("missing"))).toEqual([]);
    });

    it("reads the whole log from START and from a position, in append order", async () => {
      const [a, b] = [streamOf("all-a"), streamOf("all-b")];
      await store.append(a, [event("A1")]);
      const middle = await store.append(b, [event("B1"), event("B2")]);
      await store.append(a, [event("A2")]);

      const fromStart = await readOwn(START, [a, b]);
      expect(fromStart.map((e) => e.type)).toEqual(["A1", "B1", "B2", "A2"]);
      expect(fromStart.map((e) => e.data)).toEqual([{}, {}, {}, {}]);
      expectIncreasing(fromStart);
      expect((await readOwn(middle.position, [a, b])).map((e) => e.type)).toEqual(["A2"]);
      expect((await readOwn(fromStart[0].position, [a, b])).map((e) => e.type)).toEqual(["B1", "B2", "A2"]);
    });

    it("reads at most `limit` events, the oldest first", async () => {
      const before = await store.head();
      const streamId = streamOf("limit");
      await store.append(streamId, [event("A"), event("B"), event("C")]);
      await settledUpTo(await store.head());
      const page = await store.readAll(before, { limit: 2 });
      expect(page.map((e) => e.type)).toEqual(["A", "B"]);
      expect((await store.readAll(page[1].position, { limit: 2 })).map((e) => e.type)).toEqual(["C"]);
    });

    it("keeps log order when paging through a large append and the ones after it", async () => {
      // A 1,000-event append crosses a power of ten in any numbering, where a sort on text would break.
      const before = await store.head();
      const streamId = streamOf("paging");
      await store.append(
        streamId,
        Array.from({ length: 1000 }, (_, i) => event("Paged", { i })),
      );
      for (let i = 1000; i < 1020; i++) await store.append(streamId, [event("Paged", { i })]);
      await settledUpTo(await store.head());
      const paged: RecordedEvent[] = [];
      let position = before;
      for (;;) {
        const page = await store.readAll(position, { limit: 97 });
        if (page.length === 0) break;
        paged.push(...page);
        position = page[page.length - 1].position;
      }
      expect(paged.filter((e) => e.streamId === streamId).map((e) => (e.data as { i: number }).i)).toEqual([
        ...Array(1020).keys(),
      ]);
      expectIncreasing(paged);
    });

    it("reports the newest event's position as the head", async () => {
      const streamId = streamOf("head");
      const { position } = await store.append(streamId, [event("A"), event("B")]);
      expect(comparePositions(await store.head(), position)).toBe(0);
      expect(await store.readAll(position)).toEqual([]);
    });

    it("with no writer open, the settled head is the head", async () => {
      const { position } = await store.append(streamOf("settled"), [event("A")]);
      // Other sessions on the same server may hold a transaction open for a moment: once they close it, the settled head is the head.
      expect(await settledUpTo(position)).toBe(true);
      expect(comparePositions(await store.settledHead(), position)).toBe(0);
    });

    it("delivers past events, then new ones live, in order, and caughtUp() waits for them", async () => {
      const before = await store.head();
      const streamId = streamOf("subscribe");
      await store.append(streamId, [event("A"), event("B")]);
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribe({
        from: before,
        onEvents: (events) => void seen.push(...events),
        batchSize: 2,
      });
      try {
        await subscription.caughtUp();
        expect(seen.map((e) => e.type)).toEqual(["A", "B"]);

        await store.append(streamId, [event("C")], { expectedVersion: 1 });
        await store.append(streamId, [event("D"), event("E")], { expectedVersion: 2 });
        await subscription.caughtUp();
        expect(seen.map((e) => e.type)).toEqual(["A", "B", "C", "D", "E"]);
        expect(seen.map((e) => e.streamPosition)).toEqual([0, 1, 2, 3, 4]);
        expectIncreasing(seen);
      } finally {
        await subscription.stop();
      }
    });

    it("wakes a live subscriber without being asked to catch up", async () => {
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribe({
        from: await store.head(),
        onEvents: (events) => void seen.push(...events),
      });
      try {
        await subscription.caughtUp();
        const streamId = streamOf("wake");
        await store.append(streamId, [event("A")]);
        await expect.poll(() => seen.length, { timeout: 5_000, interval: 20 }).toBe(1);
      } finally {
        await subscription.stop();
      }
    });

    it("delivers nothing after stop()", async () => {
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribe({
        from: await store.head(),
        onEvents: (events) => void seen.push(...events),
      });
      await subscription.caughtUp();
      await subscription.stop();
      await store.append(streamOf("stopped"), [event("A")]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(seen).toEqual([]);
    });

    it("sees events appended concurrently while subscribed exactly once, in log order", async () => {
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribe({
        from: await store.head(),
        onEvents: (events) => void seen.push(...events),
        batchSize: 7,
      });
      try {
        const streams = Array.from({ length: 5 }, () => streamOf("concurrent"));
        const appended = await Promise.all(
          Array.from({ length: 40 }, (_, i) => store.append(streams[i % streams.length], [event(`E${i}`, { i })])),
        );
        await subscription.caughtUp();
        const own = seen.filter((e) => streams.includes(e.streamId));
        expect(own).toHaveLength(40);
        expect(new Set(own.map((e) => e.globalPosition)).size).toBe(40);
        expect(new Set(own.map((e) => e.type))).toEqual(new Set(appended.map((_, i) => `E${i}`)));
        expectIncreasing(seen);
        for (const streamId of streams) {
          expect(own.filter((e) => e.streamId === streamId).map((e) => e.streamPosition)).toEqual([
            0, 1, 2, 3, 4, 5, 6, 7,
          ]);
        }
      } finally {
        await subscription.stop();
      }
    });
  });
}
