import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { allocateId, migrateIdCounters } from "../platform/id-allocator.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { numberBatches, orderNumbersFrom } from "./order-number.ts";

// Issue 28, point 3 (fewer round trips): a process's order numbers are taken in batches, one update
// of the counter's row for all the payments that wait on it, each payment still its own number.

describe("order numbers", () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase({ poolSize: 8 });
    await migrateIdCounters(database.db);
  });
  afterAll(() => database?.drop());

  it("spec 28.3 order numbers taken in batches: every number once, in arrival order, and the counter moved by all of them", async () => {
    const db = database.db;
    await allocateId(db, "order"); // 100001, as the counter stood before batches
    const next = orderNumbersFrom(db);
    const numbers = await Promise.all(Array.from({ length: 30 }, () => next()));
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, i) => String(100_002 + i)));
    const { rows } = await sql<{
      last_id: string;
    }>`SELECT last_id::text AS last_id FROM id_counters WHERE kind = 'order'`.execute(db);
    expect(rows[0].last_id).toBe("31");
    // Another process (or the old allocator) goes on after the batch.
    expect(await allocateId(db, "order")).toBe(32);
  });

  it("spec 28.3 callers arriving while a take is in flight go together in the next one", async () => {
    const takes: number[] = [];
    let last = 0;
    const next = numberBatches(async (count) => {
      takes.push(count);
      await new Promise((r) => setTimeout(r, 20));
      last += count;
      return last;
    });
    const numbers = await Promise.all(Array.from({ length: 10 }, () => next()));
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(takes).toEqual([1, 9]);
    expect(await next()).toBe(11);
  });

  it("spec 28.3 a failed take fails its batch only: the next callers get the numbers", async () => {
    let last = 0;
    let fail = true;
    const next = numberBatches(async (count) => {
      await new Promise((r) => setTimeout(r, 5));
      if (fail) {
        fail = false;
        throw new Error("connection lost");
      }
      last += count;
      return last;
    });
    const first = next();
    const [second, third] = [next(), next()];
    await expect(first).rejects.toThrow("connection lost");
    expect([await second, await third]).toEqual([1, 2]);
  });
});
