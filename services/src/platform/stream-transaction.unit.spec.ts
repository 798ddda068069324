import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineEvent, WrongExpectedVersionError, type EventStore } from "@shop/shared";
import { createInMemoryEventStore } from "../eventstore/in-memory-event-store.ts";
import { RETRY, type Decider } from "./command-handler.ts";
import { runStreamTransaction } from "./stream-transaction.ts";

// Issue 28, point 3: a saga's steps that may share a transaction do (DESIGN §13). One stock of 3
// copies and one order log: a take and its record land together or not at all.
const Taken = defineEvent("TestCopiesTaken", z.object({ n: z.number() }));
const stock: Decider<{ left: number }, [typeof Taken]> = {
  initialState: () => ({ left: 3 }),
  events: [Taken],
  evolve: (s, e) => ({ left: s.left - e.data.n }),
};
const take = (n: number) => (s: { left: number }) => {
  if (s.left < n) throw new Error("sold out");
  return [{ type: "TestCopiesTaken" as const, data: { n } }];
};
const types = async (store: EventStore, stream: string) => (await store.readStream(stream)).map((e) => e.type);

describe("spec 28.3 runStreamTransaction", () => {
  it("spec 28.3 the streams a transaction decided land in one append, with each stream's version", async () => {
    const store = createInMemoryEventStore();
    const { appended, last } = await runStreamTransaction(
      store,
      RETRY.contended,
      { correlationId: "t" },
      async (tx) => {
        await tx.run("stock-1", stock, take(2));
        await tx.run("order-1", stock, take(1), { assumeNew: true });
      },
    );
    expect([...appended.keys()]).toEqual(["stock-1", "order-1"]);
    expect(await types(store, "stock-1")).toEqual(["TestCopiesTaken"]);
    expect((await store.readStream("order-1"))[0].metadata).toMatchObject({ correlationId: "t" });
    expect(last).toEqual(appended.get("order-1")!.position);
  });

  it("spec 28.3 a refusal in any step writes nothing on any stream", async () => {
    const store = createInMemoryEventStore();
    const refused = runStreamTransaction(store, RETRY.contended, {}, async (tx) => {
      await tx.run("order-2", stock, take(1));
      await tx.run("stock-2", stock, take(4)); // 3 copies: sold out
    });
    await expect(refused).rejects.toThrow("sold out");
    expect([await types(store, "order-2"), await types(store, "stock-2")]).toEqual([[], []]);
  });

  it("spec 28.3 a conflict on one stream decides every stream again on fresh reads", async () => {
    const store = createInMemoryEventStore();
    let runs = 0;
    const error = await runStreamTransaction(store, RETRY.contended, {}, async (tx) => {
      runs++;
      const { state } = await tx.run("stock-3", stock, take(2));
      // Another buyer takes two copies between this read and the append, once.
      if (runs === 1) await store.append("stock-3", [{ type: "TestCopiesTaken", data: { n: 2 } }]);
      await tx.run("order-3", stock, () => [{ type: "TestCopiesTaken" as const, data: { n: 3 - state.left } }]);
    }).catch((e) => e);
    // The second run saw one copy left: two are not there, so it was refused; nothing of it landed.
    expect(runs).toBe(2);
    expect(error).toMatchObject({ message: "sold out" });
    expect(await types(store, "order-3")).toEqual([]);
    expect((await store.readStream("stock-3")).map((e) => (e.data as { n: number }).n)).toEqual([2]);
  });

  it("spec 28.3 with RETRY.refuse the conflict is raised and nothing lands", async () => {
    const store = createInMemoryEventStore();
    const error = await runStreamTransaction(store, RETRY.refuse, {}, async (tx) => {
      await tx.run("stock-4", stock, take(1));
      await store.append("stock-4", [{ type: "TestCopiesTaken", data: { n: 1 } }]);
      await tx.run("order-4", stock, take(1));
    }).catch((e) => e);
    expect(error).toBeInstanceOf(WrongExpectedVersionError);
    expect(await types(store, "order-4")).toEqual([]);
  });

  it("spec 28.3 two steps on one stream fold into one write", async () => {
    const store = createInMemoryEventStore();
    await runStreamTransaction(store, RETRY.contended, {}, async (tx) => {
      await tx.run("stock-5", stock, take(2));
      await expect(tx.run("stock-5", stock, take(2))).rejects.toThrow("sold out"); // sees the first take
      await tx.run("stock-5", stock, take(1));
    });
    expect((await store.readStream("stock-5")).map((e) => e.streamPosition)).toEqual([0, 1]);
  });

  it("spec 28.3 with queue, this process's transactions on one hot stream take turns instead of colliding", async () => {
    const inner = createInMemoryEventStore();
    let conflicts = 0;
    const counting: EventStore = {
      ...inner,
      appendMany: (writes) =>
        inner.appendMany!(writes).catch((e) => {
          if (e instanceof WrongExpectedVersionError) conflicts++;
          throw e;
        }),
    };
    const many = { initialState: () => ({ left: 100 }), events: stock.events, evolve: stock.evolve };
    const buyers = (queue: boolean, stream: string) =>
      Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          runStreamTransaction(
            counting,
            RETRY.contended,
            {},
            async (tx) => {
              await tx.run(stream, many, take(1));
              await tx.run(`${stream}-order-${i}`, many, take(1)); // a stream of its own, as an order's journal
            },
            { queue },
          ),
        ),
      );
    await buyers(false, "hot-a");
    const unqueued = conflicts;
    conflicts = 0;
    await buyers(true, "hot-b");
    expect({ unqueued: unqueued > 0, queued: conflicts }).toEqual({ unqueued: true, queued: 0 });
    expect(await types(counting, "hot-b")).toHaveLength(16);
  });

  it("spec 28.3 the streams a transaction names in reads are read together, once, before its body runs", async () => {
    const inner = createInMemoryEventStore();
    let reading = 0;
    let most = 0;
    const read: string[] = [];
    const slow: EventStore = {
      ...inner,
      async readStream(id, options) {
        read.push(id);
        most = Math.max(most, ++reading);
        await new Promise((r) => setTimeout(r, 5));
        reading--;
        return inner.readStream(id, options);
      },
    };
    await runStreamTransaction(
      slow,
      RETRY.contended,
      {},
      async (tx) => {
        for (const id of ["r-1", "r-2", "r-3"]) await tx.run(id, stock, take(1));
      },
      { reads: ["r-1", "r-2", "r-3"] },
    );
    expect({ most, read }).toEqual({ most: 3, read: ["r-1", "r-2", "r-3"] });
    expect(await types(inner, "r-3")).toEqual(["TestCopiesTaken"]);
  });
});
