import { describe, expect, it } from "vitest";
import { PaymentUnavailableError, monthlyGiftStream } from "@shop/shared";
import { createApp } from "../app.ts";
import { CHECKOUT_CATALOG, GIFT, GOOD_CARD, arkCampaignGiven } from "../checkout/checkout-fixtures.ts";
import { createTestGateway } from "../payments/test-gateway.ts";
import { createLogger } from "../platform/logger.ts";
import { apiSpec, SPEC_SITE_URL } from "../testing/api-spec.ts";
import { readUntil } from "../testing/read-until.ts";
import { signedInUser } from "../testing/spec-users.ts";
import {
  findUnstartedMonthlyGifts,
  START_QUIET_MS,
  startMonthlyGiftStartSweeper,
} from "./monthly-gift-start-sweeper.ts";

// docs/monthly-gifts.md: a monthly gift whose first month was paid but whose start failed (the gateway
// out of reach after the order was placed) and was never submitted again is started by the leader's
// sweep, once, as the giver's repeated submit would have started it.
const Q = "/api/store/shop/quick-donation/";
const noah = signedInUser("noah@example.org", "Noah Builder", { isStaff: false });
const { payment_type: _card, ...CARD } = GOOD_CARD;
const MONTHLY = { fund: GIFT, amount: "12.50", email: "noah@example.org", ...CARD, monthly: "on" };

/** The test gateway, its monthly start out of reach the first `failures` times it is asked. */
function gatewayWhoseStartFails(failures: number) {
  const gateway = createTestGateway();
  const startMonthly = gateway.monthly.startMonthly;
  const starts: string[] = [];
  gateway.monthly.startMonthly = async (input) => {
    starts.push(input.gift);
    if (starts.length <= failures) throw new PaymentUnavailableError("the gateway did not answer");
    return startMonthly(input);
  };
  return { gateway, starts };
}

const flaky = gatewayWhoseStartFails(1);
const spec = apiSpec((deps) => createApp({ ...deps, paymentGateway: flaky.gateway }));

describe("the monthly gift start sweep", () => {
  it("spec 26.5 a monthly gift whose start failed after its first month was paid is started by the leader's sweep, once", () =>
    spec
      .given(...CHECKOUT_CATALOG, arkCampaignGiven(50_000_000), noah)
      .when((http) => http.as(noah).post(Q, MONTHLY, { "idempotency-key": "monthly-start-fails" }))
      .then(async ({ response, newEvents, store, db }) => {
        // The order stands (its month is paid); the start's failure is the answer, and no gift is started.
        expect(response.status).toBe(502);
        const placed = newEvents.filter((e) => e.type === "OrderPlaced");
        expect(placed).toHaveLength(1);
        const { number } = placed[0].data as { number: string };
        expect(newEvents.map((e) => e.type)).not.toContain("MonthlyGiftStarted");

        // Within the quiet time the giver's own request may still be starting it: the sweep leaves it.
        expect(await findUnstartedMonthlyGifts(db, new Date())).toEqual([]);
        const later = new Date(Date.now() + START_QUIET_MS + 1000);
        const due = await readUntil(
          () => findUnstartedMonthlyGifts(db, later),
          (rows) => rows.length > 0,
        );
        expect(due).toEqual([{ number, email: "noah@example.org" }]);

        const sweeperOn = (isLeader: boolean) =>
          startMonthlyGiftStartSweeper({
            store,
            db,
            clock: () => later,
            gateway: flaky.gateway,
            siteUrl: SPEC_SITE_URL,
            log: createLogger("silent"),
            isLeader: () => isLeader,
            intervalMs: 3_600_000,
          });
        const follower = sweeperOn(false);
        await follower.sweep(); // a process that does not lead the projections leaves it to the leader
        await follower.stop();
        expect(flaky.starts).toEqual([number]);
        const sweeper = sweeperOn(true);
        await sweeper.sweep();
        await sweeper.sweep(); // before the read model shows the gift: the gift's stream takes one start
        await sweeper.stop();

        const started = (await store.readStream(monthlyGiftStream(number))).filter(
          (e) => e.type === "MonthlyGiftStarted",
        );
        expect(started).toHaveLength(1);
        expect(started[0].data).toMatchObject({ id: number, userId: noah.id, amountCents: 1250 });
        expect(flaky.starts).toEqual([number, number]); // the giver's failed start, the sweep's
        expect(
          await readUntil(
            () => findUnstartedMonthlyGifts(db, later),
            (rows) => rows.length === 0,
          ),
        ).toEqual([]);
      }));

  it("spec 26.5 the sweep leaves one-off gifts alone", () =>
    spec
      .given(...CHECKOUT_CATALOG, arkCampaignGiven(50_000_000), noah)
      .when((http) => http.as(noah).post(Q, { ...MONTHLY, monthly: "" }, { "idempotency-key": "one-off" }))
      .then(async ({ response, db }) => {
        expect(response.status).toBe(200);
        const later = new Date(Date.now() + START_QUIET_MS + 1000);
        await readUntil(
          () => db.selectFrom("orders").select("number").execute(),
          (rows) => rows.length === 1,
        );
        expect(await findUnstartedMonthlyGifts(db, later)).toEqual([]);
      }));
});
