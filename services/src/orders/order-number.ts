import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import { allocateId } from "../platform/id-allocator.ts";

/** The next order number: a counter from 100,001 (numbers are what shoppers quote, so they never repeat). */
export const orderNumbersFrom =
  (db: Kysely<Database>): (() => Promise<string>) =>
  async () =>
    String(100_000 + (await allocateId(db, "order")));
