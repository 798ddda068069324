import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineEvent, type EventStore, type StreamWrite } from "@shop/shared";
import { createInMemoryEventStore } from "../eventstore/in-memory-event-store.ts";
import { RETRY, type Decider } from "./command-handler.ts";
import { runStreamTransaction, type StreamTransaction } from "./stream-transaction.ts";

// Issue 28, point 3: the transactions of one process queued on a hot stream go as batches, each
// decided in turn on what the ones before it left, one append for all (hot-stream-line.ts).
const Taken = defineEvent("TestLineTaken", z.object({ n: z.number(), by: z.string() }));
const copies = (n: number): Decider<{ left: number }, [typeof Taken]> => ({
  initialState: () => ({ left: n }),
  events: [Taken],
  evolve: (s, e) => ({ left: s.left - e.data.n }),
});
const take =
  (by: string, n = 1) =>
  (s: { left: number }) => {
    if (s.left < n) throw new Error(`sold out for ${by}`);
    return [{ type: "TestLineTaken" as const, data: { n, by } }];
  };

/** The in-memory store, counting its appendMany calls and what each wrote. */
function counted() {
  const inner = createInMemoryEventStore();
  const calls: StreamWrite[][] = [];
  const store: EventStore = {
    ...inner,
    appendMany: (writes) => {
      calls.push(writes);
      return inner.appendMany!(writes);
    },
  };
  return { store, calls };
}
const takers = async (store: EventStore, stream: string) =>
  (await store.readStream(stream)).map((e) => (e.data as { by: string }).by);

const buyer =
  (hot: string, left: number, by: string, also?: (tx: StreamTransaction) => Promise<unknown>) =>
  async (tx: StreamTransaction) => {
    await tx.run(hot, copies(left), take(by));
    await tx.run(`journal-${by}`, copies(1), take(by)); // a stream of its own, as an order's journal
    await also?.(tx);
    return by;
  };

describe("spec 28.3 a hot stream's queued transactions go in batches", () => {
  it("spec 28.3 sixteen buyers of one stream: one append per batch, each take on what the earlier ones left", async () => {
    const { store, calls } = counted();
    const names = Array.from({ length: 16 }, (_, i) => `b${i}`);
    const results = await Promise.all(
      names.map((by) => runStreamTransaction(store, RETRY.contended, {}, buyer("hot", 100, by), { queue: true })),
    );
    expect(results.map((r) => r.result)).toEqual(names);
    // The first goes alone; the fifteen that queued behind it go in one batch.
    expect(calls.length).toBe(2);
    expect((await takers(store, "hot")).sort()).toEqual([...names].sort());
    // Each answers its own stream's append, and on the hot stream the version of its own take.
    const versions = results.map((r) => r.appended.get("hot")!.nextExpectedVersion).sort((a, b) => a - b);
    expect(versions).toEqual(names.map((_, i) => i));
    expect(results.every((r) => r.appended.get(`journal-${r.result}`)?.nextExpectedVersion === 0)).toBe(true);
  });

  it("spec 28.3 a buyer the batch finds sold out gets its refusal; nothing of it lands, the others' takes do", async () => {
    const { store } = counted();
    const names = Array.from({ length: 6 }, (_, i) => `s${i}`);
    const outcomes = await Promise.allSettled(
      names.map((by) => runStreamTransaction(store, RETRY.contended, {}, buyer("three", 3, by), { queue: true })),
    );
    const refused = names.filter((_, i) => outcomes[i].status === "rejected");
    expect(refused).toHaveLength(3);
    for (const [i, o] of outcomes.entries())
      if (o.status === "rejected") expect(o.reason).toMatchObject({ message: `sold out for ${names[i]}` });
    expect((await takers(store, "three")).length).toBe(3);
    for (const by of refused) expect(await takers(store, `journal-${by}`)).toEqual([]);
  });

  it("spec 28.3 a buyer over two hot streams is all or nothing inside a batch", async () => {
    const { store } = counted();
    // Five buyers want a copy of "wide" (10) and of "narrow" (2); three want only "wide".
    const both = ["w0", "w1", "w2", "w3", "w4"];
    const outcomes = await Promise.allSettled([
      ...both.map((by) =>
        runStreamTransaction(
          store,
          RETRY.contended,
          {},
          buyer("wide", 10, by, (tx) => tx.run("narrow", copies(2), take(by))),
          { queue: true },
        ),
      ),
      ...["o0", "o1", "o2"].map((by) =>
        runStreamTransaction(store, RETRY.contended, {}, buyer("wide", 10, by), { queue: true }),
      ),
    ]);
    const sold = [...both, "o0", "o1", "o2"].filter((_, i) => outcomes[i].status === "fulfilled");
    expect(sold.filter((by) => by.startsWith("w"))).toHaveLength(2);
    expect((await takers(store, "wide")).sort()).toEqual([...sold].sort());
    expect((await takers(store, "narrow")).sort()).toEqual(sold.filter((by) => by.startsWith("w")).sort());
  });

  it("spec 28.3 another writer on the hot stream mid-batch: the batch is decided again on fresh reads", async () => {
    const { store } = counted();
    let runs = 0;
    const names = ["c0", "c1", "c2", "c3"];
    const results = await Promise.all(
      names.map((by) =>
        runStreamTransaction(
          store,
          RETRY.contended,
          {},
          buyer("contested", 4, by, async () => {
            // Another process takes a copy while the batch decides (c2's second run: its first was
            // the one that found its streams busy).
            if (by === "c2" && ++runs === 2) {
              await store.append("contested", [{ type: "TestLineTaken", data: { n: 1, by: "elsewhere" } }]);
            }
          }),
          { queue: true },
        ),
      ),
    ).then(
      (r) => r.map((x) => x.result),
      (e: unknown) => e,
    );
    // Four copies, five takers: the one the batch's second decision found sold out is refused.
    expect(results).toMatchObject({ message: "sold out for c3" });
    expect((await takers(store, "contested")).sort()).toEqual(["c0", "c1", "c2", "elsewhere"]);
  });

  it("spec 28.3 a conflict on a stream only one member writes sends that one alone; the batch commits", async () => {
    const { store } = counted();
    let runs = 0;
    const names = ["p0", "p1", "p2", "p3"];
    const results = await Promise.all(
      names.map((by) =>
        runStreamTransaction(
          store,
          RETRY.contended,
          {},
          buyer("shared", 10, by, async () => {
            if (by === "p2" && ++runs === 2) {
              await store.append(`journal-${by}`, [{ type: "TestLineTaken", data: { n: 0, by: "reactor" } }]);
            }
          }),
          { queue: true },
        ),
      ),
    );
    expect(results.map((r) => r.result)).toEqual(names);
    expect((await takers(store, "shared")).slice(0, 1)).toEqual(["p0"]);
    expect((await takers(store, "shared")).at(-1)).toBe("p2"); // after the batch, alone
    expect(await takers(store, "journal-p2")).toEqual(["reactor", "p2"]);
  });
  it("spec 28.3 buyers that come while the stream is in flight join its line unread: one read per batch", async () => {
    const { store: inner } = counted();
    const reads: string[] = [];
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const store: EventStore = {
      ...inner,
      readStream: (id, ...rest) => {
        reads.push(id);
        return inner.readStream(id, ...rest);
      },
      // The first append stays in flight until the later buyers have come.
      appendMany: async (writes) => {
        await gate;
        return inner.appendMany!(writes);
      },
    };
    const run = (by: string) =>
      runStreamTransaction(store, RETRY.contended, {}, buyer("busy", 10, by), {
        queue: true,
        reads: ["busy", `journal-${by}`],
      });
    const first = run("q0");
    while (reads.length < 2) await new Promise((r) => setImmediate(r)); // q0 read its streams and queued
    await new Promise((r) => setImmediate(r));
    const later = ["q1", "q2", "q3"].map(run);
    await new Promise((r) => setImmediate(r));
    open();
    const results = await Promise.all([first, ...later]);
    expect(results.map((r) => r.result)).toEqual(["q0", "q1", "q2", "q3"]);
    expect((await takers(inner, "busy")).sort()).toEqual(["q0", "q1", "q2", "q3"]);
    // q0 read the hot stream once; the three that came while it was in flight, none of their own:
    // their batch read it once for them all.
    expect(reads.filter((id) => id === "busy")).toHaveLength(2);
    const versions = results.map((r) => r.appended.get("busy")!.nextExpectedVersion);
    expect(versions).toEqual([0, 1, 2, 3]);
  });
});
