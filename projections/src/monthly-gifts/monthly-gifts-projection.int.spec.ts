// Drives the real monthly gift commands from services/ (test-only dependency) and checks the table against the streams.
import { afterEach, describe, expect, it } from "vitest";
import { MonthlyGiftCancelledError, monthlyGiftStream } from "@shop/shared";
import { createPostgresEventStore } from "@shop/services/eventstore/postgres-event-store";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { testBackends } from "@shop/services/testing/backends";
import { cancelMonthlyGift, recordMonthlyCharge } from "@shop/services/monthly-gifts/monthly-gift-commands";
import { createTestGateway } from "@shop/services/payments/test-gateway";
import { rebuildProjection } from "../runner/rebuild.ts";
import { ProjectionRunner } from "../runner/projection-runner.ts";
import { usersProjection } from "../accounts/users-projection.ts";
import { listMonthlyGifts, monthlyGiftsProjection } from "./monthly-gifts-projection.ts";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.each(testBackends())("monthly_gifts read model on $name", ({ pglite }) => {
  it("spec 26.5: months, repeated notices, failures and cancels leave the rows the streams hold, and a rebuild gives equal rows", {
    timeout: 120_000,
  }, async () => {
    const database = await openTestDatabase({ pglite });
    cleanups.push(() => database.drop());
    const store = await createPostgresEventStore(database);
    const runner = new ProjectionRunner({
      db: database.db,
      store,
      // The users table too: a month's mail looks its giver up there (these givers have no account: no mail).
      projections: [monthlyGiftsProjection, usersProjection],
      tryLeadership: () => database.tryAdvisoryLock(4244),
    });
    cleanups.push(() => runner.stop());
    await runner.start();

    const ids = ["1001", "1002", "1003"];
    for (const [i, id] of ids.entries())
      await store.append(monthlyGiftStream(id), [
        {
          type: "MonthlyGiftStarted",
          data: {
            id,
            userId: `u${i % 2}`,
            fund: "GeneralDonation",
            fundTitle: "General Donation",
            campaign: null, // no campaign: this test is about the gift's own rows
            amountCents: 500 * (i + 1),
            gateway: "test",
            subscription: `test_sub_${id}`,
            brand: "Visa",
            last4: "4242",
            startedAt: new Date(1.8e12 + i).toISOString(),
          },
        },
      ]);
    let x = 11;
    const rand = (n: number) => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return x % n;
    };
    const deps = {
      store,
      db: database.db,
      clock: () => new Date(1.8e12 + 10_000),
      gateway: createTestGateway(),
      siteUrl: "https://shop.example.org",
    };
    for (let i = 0; i < 60; i++) {
      const id = ids[rand(ids.length)];
      const amountCents = 500 * (ids.indexOf(id) + 1);
      const kind = rand(6);
      if (kind === 5) {
        await cancelMonthlyGift(deps, id, { cancelledBy: "staff", owner: null, by: null }, {}).catch((e) => {
          if (!(e instanceof MonthlyGiftCancelledError)) throw e;
        });
        continue;
      }
      // A few invoices per gift, so notices come again; one in four declined.
      const invoice = `in_${id}_${rand(4)}`;
      const charge = { gift: id, subscription: `test_sub_${id}`, invoice, amountCents, paid: kind > 0, message: "No" };
      await recordMonthlyCharge(deps, charge, {});
    }
    await runner.catchUp();

    const live = await listMonthlyGifts(database.db);
    for (const id of ids) {
      const events = await store.readStream(monthlyGiftStream(id));
      const charged = events.filter((e) => e.type === "MonthlyGiftCharged");
      const cancelled = events.some((e) => e.type === "MonthlyGiftCancelled");
      expect(new Set(charged.map((e) => (e.data as { invoice: string }).invoice)).size).toBe(charged.length);
      expect(live.find((r) => r.id === id)).toMatchObject({
        months_paid: 1 + charged.length,
        total_cents: 500 * (ids.indexOf(id) + 1) * (1 + charged.length),
        status: cancelled ? "cancelled" : "active",
      });
    }
    expect(live.some((r) => r.months_paid > 1)).toBe(true);

    await runner.stop();
    await rebuildProjection({ db: database.db, store, projection: monthlyGiftsProjection });
    expect(await listMonthlyGifts(database.db)).toEqual(live);
  });
});
