import { discountStream, type CreateDiscountRequest, type EventMetadata, type EventStore } from "@shop/shared";
import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import { RETRY, runCommand } from "../platform/command-handler.ts";
import { allocateId } from "../platform/id-allocator.ts";
import { decideDiscount, discountDecider, discountTermsOf } from "./discount.ts";

export interface ImportCounts {
  created: number;
  changed: number;
  unchanged: number;
  events: number;
}

/**
 * The discounts of a catalog file (`npm run ops -- import-catalog`), with the staff form's fields.
 * Idempotent: a code that exists gets the file's terms only when they differ, so a second import of
 * one file appends nothing. Ids are allocated as the staff form's are.
 */
export async function importDiscounts(
  deps: { store: EventStore; db: Kysely<Database>; clock: () => Date },
  discounts: readonly CreateDiscountRequest[],
  metadata: EventMetadata,
): Promise<ImportCounts> {
  const counts: ImportCounts = { created: 0, changed: 0, unchanged: 0, events: 0 };
  for (const input of discounts) {
    const stream = discountStream(input.code);
    const terms = discountTermsOf(input);
    const meta = { now: deps.clock(), by: null };
    const exists = (await deps.store.readStream(stream)).length > 0;
    if (!exists) {
      const id = await allocateId(deps.db, "discount");
      const created = await runCommand(
        deps.store,
        stream,
        discountDecider,
        RETRY.refuse,
        (state) => decideDiscount({ type: "CreateDiscount", data: { id, code: input.code, terms } }, state, meta),
        { metadata },
      );
      counts.created++;
      counts.events += created.events.length;
      continue;
    }
    const { appended, events } = await runCommand(
      deps.store,
      stream,
      discountDecider,
      RETRY.once,
      (state) =>
        state.exists && sameTerms(state, terms)
          ? []
          : decideDiscount({ type: "UpdateDiscount", data: { terms } }, state, meta),
      { metadata },
    );
    counts[appended ? "changed" : "unchanged"]++;
    counts.events += events.length;
  }
  return counts;
}

const sameTerms = (state: object, terms: object) =>
  Object.entries(terms).every(
    ([key, value]) => JSON.stringify((state as Record<string, unknown>)[key]) === JSON.stringify(value),
  );
