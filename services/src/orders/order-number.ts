import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import { allocateIdUnflushed } from "../platform/id-allocator.ts";

/**
 * The next order number: a counter from 100,001 (numbers are what shoppers quote, so they never repeat).
 * Unflushed: the number is durable once the journal's PaymentAttemptNumbered (a synchronous append) is.
 */
export const orderNumbersFrom =
  (db: Kysely<Database>): (() => Promise<string>) =>
  async () =>
    String(100_000 + (await allocateIdUnflushed(db, "order")));
