import { sql, type Kysely } from "kysely";
import type { Database } from "@shop/projections";

/**
 * The next order number: a counter from 100,001 (numbers are what shoppers quote, so they never repeat).
 * A process's payments take their numbers in batches (issue 28, point 3): the counter's row is one row
 * every payment updates, and each update waited for the one before it to commit. The first caller goes
 * at once; the callers that arrive while its update is in flight share the next one, which moves the
 * counter by their count and hands each its own number, in arrival order.
 */
export const orderNumbersFrom = (db: Kysely<Database>): (() => Promise<string>) => {
  const next = numberBatches((count) => takeNumbers(db, "order", count));
  return async () => String(100_000 + (await next()));
};

/** Moves the counter of `kind` by `count` (the id-allocator's row) and answers the last number taken. */
async function takeNumbers(db: Kysely<Database>, kind: string, count: number): Promise<number> {
  const { rows } = await sql<{ last_id: string }>`INSERT INTO id_counters (kind, last_id) VALUES (${kind}, ${count})
    ON CONFLICT (kind) DO UPDATE SET last_id = id_counters.last_id + ${count} RETURNING last_id::text AS last_id`.execute(
    db,
  );
  return Number(rows[0].last_id);
}

/**
 * Hands out numbers from `take` (which moves a counter by `count` and answers its new last number):
 * one call in flight at a time, the callers that arrive meanwhile taken together by the next. A
 * failed take fails every caller of its batch; the next batch tries again.
 */
export function numberBatches(take: (count: number) => Promise<number>): () => Promise<number> {
  let waiting: Array<{ resolve: (n: number) => void; reject: (e: unknown) => void }> = [];
  let taking = false;
  async function drain() {
    taking = true;
    while (waiting.length) {
      const batch = waiting;
      waiting = [];
      try {
        const last = await take(batch.length);
        for (const [i, caller] of batch.entries()) caller.resolve(last - batch.length + 1 + i);
      } catch (error) {
        for (const caller of batch) caller.reject(error);
      }
    }
    taking = false;
  }
  return () =>
    new Promise<number>((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (!taking) void drain();
    });
}
