import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  comparePositions,
  defineEvent,
  EventRegistry,
  InvalidEventError,
  START,
  type RecordedEvent,
} from "@shop/shared";
import { createEventRegistry } from "../event-registry.ts";
import { runEventStoreContract } from "./event-store.contract.ts";
import { clearInMemoryLog, createInMemoryEventStore, newInMemoryLog } from "./in-memory-event-store.ts";

runEventStoreContract("in memory", async () => {
  const store = createInMemoryEventStore();
  return { store, cleanup: () => store.close() };
});

/** Version 1 called it `title`; version 2 renamed it `name` and added `tags` (as in event-registry.int.spec.ts). */
const ProductRenamed = defineEvent("ProductRenamed", z.object({ name: z.string().min(1), tags: z.array(z.string()) }), {
  version: 2,
  upcast: (data, fromVersion) => (fromVersion === 1 ? { name: (data as { title: string }).title, tags: [] } : data),
});

// The same cases as event-registry.int.spec.ts: an in-memory store must not hand back what PostgreSQL would refuse.
describe("code health 4: the in-memory store decodes events read back through the registry, as PostgreSQL does", () => {
  it("an event that fails its zod schema is refused when read back, naming the event, where it is and the bad fields", async () => {
    const log = newInMemoryLog();
    await createInMemoryEventStore({ log }).append("user-bad", [
      {
        type: "UserRegistered",
        data: {
          userId: "bad",
          name: "No Email",
          isStaff: "yes",
          passwordHash: "h",
          registeredAt: "2026-01-01T00:00:00Z",
        },
      },
    ]);
    const store = createInMemoryEventStore({ log, codec: createEventRegistry() });
    const read = store.readStream("user-bad");
    await expect(read).rejects.toBeInstanceOf(InvalidEventError);
    await expect(read).rejects.toThrow(
      /^Event UserRegistered at user-bad #0 \(global position 1\) does not match its schema: email: .+; isStaff: .+$/,
    );
    // Reading the whole log marks it instead, so one bad event does not hide the others (core hardening 2).
    const [marked] = await store.readAll(START);
    expect(marked).toMatchObject({
      type: "UserRegistered",
      streamId: "user-bad",
      data: { userId: "bad", isStaff: "yes" },
    });
    expect(marked.invalid).toBeInstanceOf(InvalidEventError);
    expect(marked.invalid!.message).toMatch(/^Event UserRegistered at user-bad #0 .*: email: /);
  });

  it("an event written with an older schema version is upcast to the current shape; new ones are written with the current version", async () => {
    const log = newInMemoryLog();
    await createInMemoryEventStore({ log }).append("product-1", [
      { type: "ProductRenamed", data: { title: "Badge" }, schemaVersion: 1 },
    ]);
    const store = createInMemoryEventStore({ log, codec: new EventRegistry().register(ProductRenamed) });
    await store.append("product-1", [{ type: "ProductRenamed", data: { name: "Pin", tags: ["enamel"] } }]);
    const [old, current] = await store.readStream("product-1");
    expect(old).toMatchObject({ schemaVersion: 1, data: { name: "Badge", tags: [] } });
    expect(current).toMatchObject({ schemaVersion: 2, data: { name: "Pin", tags: ["enamel"] } });
  });

  it("an older event that still fails after upcasting is refused, saying which version it was written as", async () => {
    const store = createInMemoryEventStore({ codec: new EventRegistry().register(ProductRenamed) });
    await store.append("product-2", [{ type: "ProductRenamed", data: { title: "" }, schemaVersion: 1 }]);
    await expect(store.readStream("product-2")).rejects.toThrow(
      /product-2 #0 .* does not match its schema: \(written as version 1\); name: /,
    );
  });

  it("an event type the registry does not know passes through untouched, so a log with retired events still replays", async () => {
    const store = createInMemoryEventStore({ codec: createEventRegistry() });
    await store.append("retired-1", [{ type: "SomethingRetired", data: { anything: [1, 2] } }]);
    expect((await store.readStream("retired-1"))[0]).toMatchObject({
      type: "SomethingRetired",
      data: { anything: [1, 2] },
      schemaVersion: 1,
    });
  });

  it("data goes through JSON as jsonb does: a date comes back as its string, and a change to the object read does not reach the log", async () => {
    const store = createInMemoryEventStore();
    const when = new Date("2026-11-23T10:00:00Z");
    await store.append("json-1", [{ type: "Stamped", data: { when, gone: undefined, list: [1] } }]);
    const [first] = await store.readStream("json-1");
    expect(first.data).toEqual({ when: "2026-11-23T10:00:00.000Z", list: [1] });
    (first.data as { list: number[] }).list.push(2);
    expect((await store.readStream("json-1"))[0].data).toEqual({ when: "2026-11-23T10:00:00.000Z", list: [1] });
  });
});

describe("code health 4: clearing the in-memory log between tests", () => {
  it("empties streams and the log, while positions go on so a subscriber keeps following", async () => {
    const log = newInMemoryLog();
    const store = createInMemoryEventStore({ log });
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribe({ from: START, onEvents: (events) => void seen.push(...events) });
    try {
      const first = await store.append("s-1", [
        { type: "A", data: {} },
        { type: "B", data: {} },
      ]);
      await subscription.caughtUp();
      clearInMemoryLog(log);
      expect(await store.readStream("s-1")).toEqual([]);
      expect(await store.readAll(START)).toEqual([]);
      expect(comparePositions(await store.head(), first.position)).toBe(0);
      const again = await store.append("s-1", [{ type: "C", data: {} }], { expectedVersion: "no-stream" });
      expect(comparePositions(again.position, first.position)).toBe(1);
      expect((await store.readAll(START)).map((e) => [e.type, e.streamPosition, e.globalPosition])).toEqual([
        ["C", 0, 3],
      ]);
      await subscription.caughtUp();
      expect(seen.map((e) => e.type)).toEqual(["A", "B", "C"]);
    } finally {
      await subscription.stop();
    }
  });
});
