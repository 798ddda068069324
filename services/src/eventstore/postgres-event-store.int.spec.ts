import pg from "pg";
import { describe, expect, it } from "vitest";
import { openTestDatabase, testDatabaseUrl } from "../testing/test-database.ts";
import { runEventStoreContract } from "./event-store.contract.ts";
import { readAllCommitted, START } from "@shop/shared";
import { createPostgresEventStore } from "./postgres-event-store.ts";

async function storeOn(options: { pglite: boolean }) {
  const database = await openTestDatabase(options);
  const store = await createPostgresEventStore(database);
  return {
    store,
    async cleanup() {
      await store.close();
      await database.drop();
    },
  };
}

/** spec 28.2: a rebuild reads the events no read model handles without their data. */
async function readsOnlyTheDataAsked(pglite: boolean) {
  const database = await openTestDatabase({ pglite });
  const decoded: string[] = [];
  const codec = {
    decode: (type: string, _v: number, data: unknown) => {
      decoded.push(type);
      return data;
    },
    versionOf: () => 1,
  };
  const store = await createPostgresEventStore(database, codec);
  try {
    await store.append("s-1", [
      { type: "A", data: { x: 1 } },
      { type: "B", data: { y: 2 } },
      { type: "A", data: { x: 3 } },
    ]);
    // Committed and past every open transaction of the server (readAll's horizon is server-wide).
    const all = await readAllCommitted(store, START, { limit: 10 });
    decoded.length = 0;
    const some = await store.readAll(START, { limit: 10, dataOf: new Set(["A"]) });
    expect(decoded).toEqual(["A", "A"]);
    expect(some.map((e) => e.data)).toEqual([{ x: 1 }, undefined, { x: 3 }]);
    expect(some.map(({ data, ...rest }) => rest)).toEqual(all.map(({ data, ...rest }) => rest));
  } finally {
    await store.close();
    await database.drop();
  }
}

describe("PGlite", () => {
  runEventStoreContract("PGlite", () => storeOn({ pglite: true }));

  it("spec 28.2 readAll with dataOf reads and decodes only those types' data", () => readsOnlyTheDataAsked(true));
});

describe.skipIf(!testDatabaseUrl())("PostgreSQL", () => {
  runEventStoreContract("PostgreSQL", () => storeOn({ pglite: false }));

  it("spec 28.2 readAll with dataOf reads and decodes only those types' data", () => readsOnlyTheDataAsked(false));

  it("spec 28.3 streams read side by side, or with readStreams, go in one statement", async () => {
    const { store, cleanup } = await storeOn({ pglite: false });
    const query = pg.Client.prototype.query;
    let statements = 0;
    // Only the stream reads count: the store's own background statements (its commit listener, its
    // pool's checks) may land in the same moment on a busy machine.
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      if (text && /FROM events\s+WHERE stream_id/.test(text)) statements++;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      await store.append("one-a", [{ type: "A", data: {} }]);
      await store.append("one-b", [{ type: "B", data: {} }]);
      statements = 0;
      const [a, b, c] = await Promise.all([
        store.readStream("one-a"),
        store.readStream("one-b"),
        store.readStream("one-c"),
      ]);
      expect([a, b, c].map((events) => events.map((e) => e.type))).toEqual([["A"], ["B"], []]);
      expect(statements).toBe(1);
      statements = 0;
      expect((await store.readStreams(["one-b", "one-a"])).map((events) => events.length)).toEqual([1, 1]);
      expect(statements).toBe(1);
    } finally {
      pg.Client.prototype.query = query;
      await cleanup();
    }
  });
});
