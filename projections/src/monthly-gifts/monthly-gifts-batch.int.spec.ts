// The monthly gifts' batch against their one-by-one `apply` (test-only dependency on services/).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { MonthlyGiftCancelled, MonthlyGiftCharged, MonthlyGiftPaymentFailed, MonthlyGiftStarted } from "@shop/shared";
import { testBackends } from "@shop/services/testing/backends";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { recordedEvent as recorded, tablesBothWays } from "../runner/batch-equivalence.ts";
import { monthlyGiftsProjection } from "./monthly-gifts-projection.ts";

const at = (day: number) => `2026-${String(day).padStart(2, "0")}-01T10:00:00.000Z`;
const started = (id: string, amountCents: number) =>
  recorded(MonthlyGiftStarted, {
    id,
    userId: "ann",
    fund: "ark",
    fundTitle: "The Ark",
    campaign: null,
    amountCents,
    gateway: "test",
    subscription: `sub-${id}`,
    brand: "visa",
    last4: "4242",
    startedAt: at(1),
  });
const charged = (id: string, amountCents: number, month: number) =>
  recorded(MonthlyGiftCharged, { id, invoice: `in-${month}`, amountCents, campaign: null, chargedAt: at(month) });
const failed = (id: string, month: number) =>
  recorded(MonthlyGiftPaymentFailed, { id, invoice: `in-${month}`, message: "declined", failedAt: at(month) });

describe.each(testBackends())("monthly gifts batched on $name", ({ pglite }) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase({ pglite });
  }, 120_000);
  afterAll(() => database?.drop());

  it("spec 28.2 gifts started, charged, declined and cancelled leave the same rows batched as one by one", async () => {
    const events = [
      charged("g1", 500, 1), // not there yet: nothing
      started("g1", 500),
      charged("g1", 500, 2),
      failed("g1", 3),
      charged("g1", 700, 4), // clears the failure
      failed("g1", 5),
      started("g1", 9), // there: nothing
      started("g2", 1000),
      recorded(MonthlyGiftCancelled, { id: "g2", cancelledBy: "shopper", by: null, cancelledAt: at(6) }),
      charged("old", 300, 7), // there before
      charged("old", 300, 8),
    ];
    const { oneByOne, batched } = await tablesBothWays(database.db, monthlyGiftsProjection, events, {
      sizes: [1, 2, 3, events.length],
      before: async (db) => {
        await sql`INSERT INTO monthly_gifts VALUES ('old', 'bob', 'ark', 'The Ark', 'c', 300, 'active', 5, 1500,
          NULL, NULL, '2026-01-01', '2026-06-01', 'declined', NULL, NULL)`.execute(db);
      },
    });
    expect(oneByOne.monthly_gifts.length).toBe(3);
    for (const { tables } of batched) expect(tables).toEqual(oneByOne);
  }, 60_000);
});
