import { describe, expect, it } from "vitest";
import { WrongExpectedVersionError, type EventStore } from "@shop/shared";
import { readAllSettled } from "../testing/read-settled.ts";
import { openTestDatabase, testDatabaseUrl } from "../testing/test-database.ts";
import { createPostgresEventStore } from "./postgres-event-store.ts";

// Single-event appends that arrive while the database is busy go together in one statement
// (append-batcher.ts, append_each_v1): each must still stand or fail alone.
async function withStore(pglite: boolean, work: (store: EventStore) => Promise<void>) {
  const database = await openTestDatabase({ pglite });
  const store = await createPostgresEventStore(database);
  try {
    await work(store);
  } finally {
    await store.close();
    await database.drop();
  }
}

// One event to append, as `append` takes it (a list).
const oneEvent = (n: number, data: unknown = { n }) => [{ type: "TestEvent", data }];

function batchedAppends(name: string, pglite: boolean) {
  describe(`appends sent together (${name})`, () => {
    it("appends that arrive together each land with their own version and position", async () => {
      await withStore(pglite, async (store) => {
        const results = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            store.append(`batch-${i}`, oneEvent(i), { expectedVersion: "no-stream" }),
          ),
        );
        expect(results.map((r) => r.nextExpectedVersion)).toEqual(Array(40).fill(0));
        const events = await readAllSettled(store, undefined, { limit: 100 });
        expect(events.map((e) => e.streamId).sort()).toEqual(Array.from({ length: 40 }, (_, i) => `batch-${i}`).sort());
        expect(new Set(events.map((e) => e.globalPosition)).size).toBe(40);
        // Each answer names the position its event was read back at.
        for (const [i, r] of results.entries()) {
          const read = events.find((e) => e.streamId === `batch-${i}`)!;
          expect(read.position).toEqual(r.position);
          expect(read.data).toEqual({ n: i });
        }
        // They went in fewer transactions than appends: the batches.
        expect(new Set(events.map((e) => e.position.major)).size).toBeLessThan(40);
      });
    });

    it("two appends in one batch expecting the same version: one lands, the others are refused", async () => {
      await withStore(pglite, async (store) => {
        await store.append("contended", oneEvent(0), { expectedVersion: "no-stream" });
        // Four others first, so the ten contenders wait and go together.
        const others = Array.from({ length: 4 }, (_, i) => store.append(`other-${i}`, oneEvent(i)));
        const contenders = await Promise.allSettled(
          Array.from({ length: 10 }, (_, i) => store.append("contended", oneEvent(i + 1), { expectedVersion: 0 })),
        );
        await Promise.all(others);
        const landed = contenders.filter((c) => c.status === "fulfilled");
        const refused = contenders.flatMap((c) => (c.status === "rejected" ? [c.reason] : []));
        expect(landed).toHaveLength(1);
        expect(refused).toHaveLength(9);
        for (const error of refused) {
          expect(error).toBeInstanceOf(WrongExpectedVersionError);
          expect(error).toMatchObject({ streamId: "contended", expected: 0, actual: 1 });
        }
        expect((await store.readStream("contended")).map((e) => e.streamPosition)).toEqual([0, 1]);
      });
    });

    it("an append the database refuses fails alone; the others sent with it land", async () => {
      await withStore(pglite, async (store) => {
        // jsonb refuses a NUL character: the batch's statement fails as a whole.
        const outcomes = await Promise.allSettled(
          Array.from({ length: 30 }, (_, i) =>
            store.append(`refused-${i}`, oneEvent(i, i === 10 ? { text: "a\u0000b" } : { n: i })),
          ),
        );
        expect(outcomes.filter((o) => o.status === "rejected")).toHaveLength(1);
        expect(outcomes[10].status).toBe("rejected");
        const events = await readAllSettled(store, undefined, { limit: 100 });
        expect(events).toHaveLength(29);
        expect(events.some((e) => e.streamId === "refused-10")).toBe(false);
      });
    });
  });
}

batchedAppends("PGlite", true);
if (testDatabaseUrl()) batchedAppends("PostgreSQL", false);
