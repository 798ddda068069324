import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineEvent, WrongExpectedVersionError, type EventStore } from "@shop/shared";
import { createInMemoryEventStore } from "../eventstore/in-memory-event-store.ts";
import { commandHandler, type Decider, RETRY, runCommand } from "./command-handler.ts";

const Added = defineEvent("TestCounterAdded", z.object({ by: z.number() }));
const counter: Decider<{ total: number }, [typeof Added]> = {
  initialState: () => ({ total: 0 }),
  events: [Added],
  evolve: (state, e) => ({ total: state.total + e.data.by }),
};
const add = (by: number) => [{ type: "TestCounterAdded" as const, data: { by } }];
const STREAM = "counter-1";

/** Another writer's append on the stream, made while the command decides. */
const interloper = (store: EventStore) => store.append(STREAM, [{ type: "TestCounterAdded", data: { by: 100 } }]);

const totalOf = async (store: EventStore) =>
  (await store.readStream(STREAM)).reduce((t, e) => t + (e.data as { by: number }).by, 0);

describe("runCommand", () => {
  it("refuse raises the first conflict", async () => {
    const store = createInMemoryEventStore();
    let calls = 0;
    const error = await runCommand(store, STREAM, counter, RETRY.refuse, async () => {
      calls++;
      await interloper(store);
      return add(1);
    }).catch((e) => e);
    expect(error).toBeInstanceOf(WrongExpectedVersionError);
    expect(calls).toBe(1);
    expect(await totalOf(store)).toBe(100);
  });

  it("once retries one time then raises", async () => {
    const store = createInMemoryEventStore();
    let calls = 0;
    const error = await runCommand(store, STREAM, counter, RETRY.once, async () => {
      calls++;
      await interloper(store);
      return add(1);
    }).catch((e) => e);
    expect(error).toBeInstanceOf(WrongExpectedVersionError);
    expect(calls).toBe(2);
    expect(await totalOf(store)).toBe(200);
  });

  it("contended retries on a fresh state until appended", async () => {
    const store = createInMemoryEventStore();
    const seen: number[] = [];
    const result = await runCommand(store, STREAM, counter, RETRY.contended, async (state, version) => {
      seen.push(state.total);
      if (seen.length <= 3) await interloper(store);
      expect(version).toBe(seen.length - 2);
      return add(1);
    });
    expect(seen).toEqual([0, 100, 200, 300]);
    expect(result.state.total).toBe(301);
    expect(result.version).toBe(3);
    expect(result.appended).toBeDefined();
    expect(await totalOf(store)).toBe(301);
  });

  it("a stale expectedVersion is refused with onStale and nothing is appended", async () => {
    const store = createInMemoryEventStore();
    await store.append(STREAM, [{ type: "TestCounterAdded", data: { by: 1 } }]);
    await store.append(STREAM, [{ type: "TestCounterAdded", data: { by: 2 } }]);
    class Stale extends Error {
      constructor(readonly version: number) {
        super("stale");
      }
    }
    let decided = false;
    const error = await runCommand(
      store,
      STREAM,
      counter,
      RETRY.contended,
      () => {
        decided = true;
        return add(5);
      },
      { expectedVersion: 0, onStale: (_last, version) => new Stale(version) },
    ).catch((e) => e);
    expect(error).toBeInstanceOf(Stale);
    expect(error.version).toBe(1);
    expect(decided).toBe(false);
    expect(await totalOf(store)).toBe(3);
  });

  it("a conflict on a command with expectedVersion is refused with onStale, never retried", async () => {
    const store = createInMemoryEventStore();
    await store.append(STREAM, [{ type: "TestCounterAdded", data: { by: 1 } }]);
    let calls = 0;
    const error = await runCommand(
      store,
      STREAM,
      counter,
      RETRY.contended,
      async () => {
        calls++;
        await interloper(store);
        return add(5);
      },
      { expectedVersion: 0, onStale: () => new Error("stale") },
    ).catch((e) => e);
    expect(error.message).toBe("stale");
    expect(calls).toBe(1);
    expect(await totalOf(store)).toBe(101);
  });

  it("decide returning no events appends nothing", async () => {
    const store = createInMemoryEventStore();
    await store.append(STREAM, [{ type: "TestCounterAdded", data: { by: 7 } }]);
    const result = await runCommand(store, STREAM, counter, RETRY.once, () => []);
    expect(result).toEqual({ state: { total: 7 }, version: 0, events: [] });
    expect(await store.readStream(STREAM)).toHaveLength(1);
  });

  it("beforeAppend's undo runs when the append conflicts", async () => {
    const store = createInMemoryEventStore();
    const log: string[] = [];
    let calls = 0;
    const result = await runCommand(
      store,
      STREAM,
      counter,
      RETRY.once,
      async (state) => {
        calls++;
        if (calls === 1) await interloper(store);
        return add(state.total + 1);
      },
      {
        beforeAppend: async (state, decided) => {
          log.push(`claim ${state.total} ${decided[0].data.by}`);
          return { undo: async () => void log.push("undo"), done: async () => void log.push("done") };
        },
      },
    );
    expect(log).toEqual(["claim 0 1", "undo", "claim 100 101", "done"]);
    expect(result.state.total).toBe(201);
  });

  it("a refusal in beforeAppend writes nothing", async () => {
    const store = createInMemoryEventStore();
    const error = await runCommand(store, STREAM, counter, RETRY.once, () => add(1), {
      beforeAppend: async () => {
        throw new Error("taken");
      },
    }).catch((e) => e);
    expect(error.message).toBe("taken");
    expect(await store.readStream(STREAM)).toHaveLength(0);
  });

  it("assumeNew decides on the initial state without reading, and reads after a conflict", async () => {
    const store = createInMemoryEventStore();
    await store.append(STREAM, [{ type: "TestCounterAdded", data: { by: 4 } }]);
    const seen: number[] = [];
    const result = await runCommand(
      store,
      STREAM,
      counter,
      RETRY.once,
      (state) => {
        seen.push(state.total);
        return add(1);
      },
      { assumeNew: true },
    );
    expect(seen).toEqual([0, 4]);
    expect(result.state.total).toBe(5);
  });

  it("spec 28.3 known decides on the caller's state and version without reading, and reads after a conflict", async () => {
    const store = createInMemoryEventStore();
    await store.append(STREAM, [{ type: "TestCounterAdded", data: { by: 4 } }]);
    let reads = 0;
    const counted = new Proxy(store, {
      get: (target, name, receiver) =>
        name === "readStream"
          ? (id: string) => {
              reads++;
              return target.readStream(id);
            }
          : Reflect.get(target, name, receiver),
    });
    const first = await runCommand(counted, STREAM, counter, RETRY.once, () => add(1), {
      known: { state: { total: 4 }, version: 0 },
    });
    expect([reads, first.state.total, first.version]).toEqual([0, 5, 1]);
    // Stale: another writer appended since the caller's write; the append is refused, then read and decided again.
    const seen: number[] = [];
    const second = await runCommand(
      counted,
      STREAM,
      counter,
      RETRY.once,
      (state) => {
        seen.push(state.total);
        return add(1);
      },
      { known: { state: { total: 4 }, version: 0 } },
    );
    expect(seen).toEqual([4, 5]);
    expect([reads, second.state.total, await totalOf(store)]).toEqual([1, 6, 6]);
  });

  it("commandHandler runs with its declared policy and the metadata given", async () => {
    const store = createInMemoryEventStore();
    const handle = commandHandler(counter, RETRY.refuse);
    await handle(store, STREAM, () => add(2), { metadata: { correlationId: "c-1" } });
    const [event] = await store.readStream(STREAM);
    expect(event.metadata.correlationId).toBe("c-1");
  });
});
