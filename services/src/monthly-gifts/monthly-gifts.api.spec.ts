import { describe, expect, it } from "vitest";
import { MONTHLY_GIFT_MESSAGES, monthlyGiftStream } from "@shop/shared";
import { createApp } from "../app.ts";
import { CHECKOUT_CATALOG, GIFT, GOOD_CARD, arkCampaignGiven } from "../checkout/checkout-fixtures.ts";
import { apiSpec, SPEC_SITE_URL } from "../testing/api-spec.ts";
import { signedInUser } from "../testing/spec-users.ts";
import { monthlyGiftStarted } from "./monthly-gift-fixtures.ts";
import { recordMonthlyCharge } from "./monthly-gift-commands.ts";
import { readUntil } from "../testing/read-until.ts";

// Issue 26 §5 (monthly gifts) and §7 (the account page's monthly gifts), on the test gateway.
const spec = apiSpec(createApp);
const Q = "/api/store/shop/quick-donation/";
const MINE = "/api/account/monthly-gifts/";
const STAFF = "/admin/api/monthly-gifts/";
const ARK = arkCampaignGiven(50_000_000);
const noah = signedInUser("noah@example.org", "Noah Builder", { isStaff: false });
const ham = signedInUser("ham@example.org", "Ham Builder", { isStaff: false });
const staff = signedInUser("staff@example.org", "Sarah Staff");
const { payment_type: _card, ...CARD } = GOOD_CARD;
const MONTHLY = { fund: GIFT, amount: "12.50", email: "noah@example.org", ...CARD, monthly: "on" };

/** Noah's gift of $12.50 a month to the Ark, started with order 5001 (as the donate page leaves it). */
const STARTED = monthlyGiftStarted("5001", noah.id);
const given = spec.given(...CHECKOUT_CATALOG, ARK, noah, ham, staff, STARTED);
const raised = async (http: {
  visitor(): { get(url: string): Promise<{ json: { raised_cents: number; donors: number } }> };
}) => (await http.visitor().get("/api/store/campaign-status/?campaign=ark-main")).json;
/** The thermometer as another visitor reads it, once it shows `cents` (its read model may lag the gift). */
const raisedReaches = (http: Parameters<typeof raised>[0], cents: number) =>
  readUntil(
    () => raised(http),
    (r) => r.raised_cents === cents,
  );

describe("spec 26.5: monthly gifts from the donate page", () => {
  it("spec 26.5: 'Make this monthly' by a signed-in shopper: the first month is one order, the gift starts and is listed on their account", () =>
    spec
      .given(...CHECKOUT_CATALOG, ARK, noah)
      .when(async (http) => {
        const giver = http.as(noah);
        const placed = await giver.post(Q, MONTHLY, { "idempotency-key": "monthly-1" });
        const again = await giver.post(Q, MONTHLY, { "idempotency-key": "monthly-1" }); // a double click
        expect(again.json.order.number).toBe(placed.json.order.number);
        return placed;
      })
      .then(async ({ response, newEvents, http }) => {
        expect(response.status).toBe(200);
        const number = response.json.order.number;
        expect(newEvents.filter((e) => e.type === "OrderPlaced")).toHaveLength(1);
        const started = newEvents.filter((e) => e.type === "MonthlyGiftStarted");
        expect(started).toHaveLength(1);
        expect(started[0]).toMatchObject({
          streamId: monthlyGiftStream(number),
          data: {
            id: number,
            userId: noah.id,
            amountCents: 1250,
            campaign: "ark-main",
            subscription: `test_sub_${number}`,
          },
        });
        // The list is a read model give-now's answer does not wait for (the giver's browser would: `written`).
        const mine = await readUntil(
          () => http.as(noah).get(MINE),
          (r) => r.json.items.length > 0,
        );
        expect(mine.json.items).toEqual([
          expect.objectContaining({
            id: number,
            order_number: number,
            amount: "12.50",
            amount_cents: 1250,
            status: "active",
            months_paid: 1,
            card: "Visa ending 4242",
          }),
        ]);
        expect(await raisedReaches(http, 1250)).toMatchObject({
          raised_cents: 1250,
          donors: 1,
        });
      }));

  it("spec 26.5: a guest ticking 'Make this monthly' is asked to sign in first; nothing is paid or written", () =>
    spec
      .given(...CHECKOUT_CATALOG, ARK)
      .when((http) => http.visitor().post(Q, MONTHLY, { "idempotency-key": "monthly-guest" }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toEqual([`monthly: ${MONTHLY_GIFT_MESSAGES.signInFirst}`]);
        expect(newEvents).toEqual([]);
      }));

  it("spec 26.5: each month the gateway charges counts on the thermometer once, even when its notice comes twice", () =>
    given
      .when((http) => http.as(staff).post(`${STAFF}5001/test-month/`, {}))
      .then(async ({ response, newEvents, http, store, db }) => {
        expect(response.json.gift).toMatchObject({ months_paid: 2, total_cents: 2500, status: "active" });
        const charged = newEvents.find((e) => e.type === "MonthlyGiftCharged");
        expect(charged?.data).toMatchObject({ id: "5001", amountCents: 1250 });
        expect(newEvents.find((e) => e.type === "CampaignGiftRecorded")?.data).toMatchObject({
          source: "monthly",
          amountCents: 1250,
        });
        const invoice = String((charged?.data as { invoice?: string } | undefined)?.invoice);
        const notice = {
          gift: "5001",
          subscription: "test_sub_5001",
          invoice,
          amountCents: 1250,
          paid: true,
          message: null,
        };
        const again = await recordMonthlyCharge(
          { store, db, clock: () => new Date(), siteUrl: SPEC_SITE_URL },
          notice,
          {},
        );
        expect(again.lastWrite).toBeNull();
        expect(await raisedReaches(http, 1250)).toMatchObject({
          raised_cents: 1250,
          donors: 1,
        });
      }));

  it("spec 26.5: a declined month is recorded and shown, and moves no thermometer", () =>
    given
      .when((http) => http.as(staff).post(`${STAFF}5001/test-month/`, { decline: true }))
      .then(async ({ response, newEvents, http }) => {
        expect(response.json.gift).toMatchObject({ months_paid: 1, last_failure: "Your card was declined." });
        expect(newEvents.map((e) => e.type)).toEqual(["MonthlyGiftPaymentFailed", "MailQueued"]);
        expect(await raised(http)).toMatchObject({ raised_cents: 0 });
      }));
});

describe("spec 26.7: monthly gifts on the account page", () => {
  it("spec 26.7: the giver cancels their monthly gift from their account page", () =>
    given
      .when((http) => http.as(noah).post(`${MINE}5001/cancel/`, {}))
      .then(async ({ response, newEvents, http }) => {
        expect(response.status).toBe(200);
        expect(response.json).toMatchObject({
          metadata: { success: true, message: MONTHLY_GIFT_MESSAGES.cancelled },
          gift: { id: "5001", status: "cancelled", cancelled_by: "shopper" },
        });
        expect(newEvents).toMatchObject([
          { type: "MonthlyGiftCancelled", data: { id: "5001", cancelledBy: "shopper", by: { id: noah.id } } },
          { type: "MailQueued" },
        ]);
        // No month after the cancel: the test gateway's subscription has ended.
        const month = await http.as(staff).post(`${STAFF}5001/test-month/`, {});
        expect(month.status).toBe(409);
      }));

  it("spec 26.7: cancelling twice is a clear error (409) and writes nothing", () =>
    given
      .when(async (http) => {
        await http.as(noah).post(`${MINE}5001/cancel/`, {});
        return http.as(noah).post(`${MINE}5001/cancel/`, {});
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(409);
        expect(response.json.metadata).toMatchObject({ code: "MONTHLY_GIFT_CANCELLED" });
        expect(response.json.metadata.errors).toEqual([`__all__: ${MONTHLY_GIFT_MESSAGES.alreadyCancelled}`]);
        expect(newEvents.map((e) => e.type)).toEqual(["MonthlyGiftCancelled", "MailQueued"]);
      }));

  it("spec 26.7: another shopper cannot cancel (or see) your monthly gift: 404, nothing written", () =>
    given
      .when(async (http) => {
        expect((await http.as(ham).get(MINE)).json.items).toEqual([]);
        return http.as(ham).post(`${MINE}5001/cancel/`, {});
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(404);
        expect(response.json.metadata).toMatchObject({ code: "MONTHLY_GIFT_NOT_FOUND" });
        expect(newEvents).toEqual([]);
      }));

  it("spec 26.7: a visitor has no monthly gifts page: 401", () =>
    given.when((http) => http.visitor().get(MINE)).then(({ response }) => expect(response.status).toBe(401)));
});

describe("spec 26.5: staff and monthly gifts", () => {
  it("spec 26.5: staff list every monthly gift and cancel one; the event names the staff member", () =>
    given
      .when(async (http) => {
        const list = await http.as(staff).get(STAFF);
        expect(list.json.items).toEqual([expect.objectContaining({ id: "5001", user_id: noah.id, status: "active" })]);
        expect((await http.as(noah).get(STAFF)).status).toBe(403);
        return http.as(staff).post(`${STAFF}5001/cancel/`, {});
      })
      .then(({ response, newEvents }) => {
        expect(response.json.gift).toMatchObject({ status: "cancelled", cancelled_by: "staff" });
        expect(newEvents).toMatchObject([
          {
            type: "MonthlyGiftCancelled",
            data: { cancelledBy: "staff", by: { id: staff.id, name: "Sarah Staff" } },
            metadata: { userId: staff.id },
          },
          { type: "MailQueued" },
        ]);
      }));
});

describe("spec 26.5: a monthly gift on another payment provider than the shop's now", () => {
  // Noah's gift was set up on Stripe; the shop now runs the test gateway (createApp's default).
  const onStripe = spec.given(...CHECKOUT_CATALOG, ARK, noah, staff, {
    ...STARTED,
    data: { ...(STARTED.data as object), gateway: "stripe", subscription: "sub_1QhZ2aJ2eZvKYlo2" },
  });

  it("spec 26.5: the giver's cancel is a clear 409 that tells them to ask us; nothing is written", () =>
    onStripe
      .when((http) => http.as(noah).post(`${MINE}5001/cancel/`, {}))
      .then(async ({ response, newEvents, http }) => {
        expect(response.status).toBe(409);
        expect(response.json.metadata).toMatchObject({ code: "MONTHLY_GIFT_OTHER_GATEWAY" });
        expect(response.json.metadata.errors).toEqual([`__all__: ${MONTHLY_GIFT_MESSAGES.otherGateway}`]);
        expect(newEvents).toEqual([]);
        expect((await http.as(noah).get(MINE)).json.items[0]).toMatchObject({ status: "active" });
      }));

  it("spec 26.5: staff's cancel is a 409 naming the provider to cancel it at; no test month is made up for it", () =>
    onStripe
      .when(async (http) => {
        const month = await http.as(staff).post(`${STAFF}5001/test-month/`, {});
        expect(month.status).toBe(409);
        return http.as(staff).post(`${STAFF}5001/cancel/`, {});
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(409);
        expect(response.json.metadata.errors).toEqual([
          `__all__: ${MONTHLY_GIFT_MESSAGES.otherGatewayStaff("Stripe")}`,
        ]);
        expect(newEvents).toEqual([]);
      }));
});
