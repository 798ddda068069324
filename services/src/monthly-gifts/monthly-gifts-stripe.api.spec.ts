import { describe, expect, it } from "vitest";
import { campaignStream, monthlyGiftStream, stripeEventStream } from "@shop/shared";
import { createApp } from "../app.ts";
import { CHECKOUT_CATALOG, arkCampaignGiven } from "../checkout/checkout-fixtures.ts";
import { stripeFixture } from "../payments/stripe-fixture-server.ts";
import {
  deliverStripeEvent,
  RECORDED_MONTHLY_GIFT,
  RECORDED_SUBSCRIPTION,
  stripeEventFixture,
} from "../payments/stripe-webhook-fixtures.ts";
import { stripeForSpecs } from "../testing/stripe-for-specs.ts";
import { apiSpec, type SpecHttp } from "../testing/api-spec.ts";
import { signedInUser } from "../testing/spec-users.ts";
import { monthlyGiftStarted } from "./monthly-gift-fixtures.ts";

// Issue 26 §5: monthly gifts on Stripe: its webhooks count each month once, and a cancel (by the
// giver or staff) ends the Subscription at the local stand-in for Stripe's API.
const SECRET = "whsec_test_secret_for_the_specs";
const NOW = new Date("2026-11-28T12:00:00.000Z");
const T = Math.floor(NOW.getTime() / 1000);
const GIFT_ID = RECORDED_MONTHLY_GIFT;
const SUB = RECORDED_SUBSCRIPTION;

const stripe = stripeForSpecs();

const spec = apiSpec(
  (deps) =>
    createApp({
      ...deps,
      paymentGateway: stripe.gateway,
      stripeWebhookSecret: SECRET,
    }),
  { clock: () => NOW },
);
const ARK = arkCampaignGiven(50_000_000, NOW);
const noah = signedInUser("noah@example.org", "Noah Builder", { isStaff: false, now: NOW });
const staff = signedInUser("staff@example.org", "Sarah Staff", { now: NOW });
const STARTED = monthlyGiftStarted(GIFT_ID, noah.id, { gateway: "stripe", subscription: SUB, startedAt: NOW });
const given = spec.given(...CHECKOUT_CATALOG, ARK, noah, staff, STARTED);
const deliver = (http: SpecHttp, event: unknown) => deliverStripeEvent(http.url, event, { secret: SECRET, t: T });
const status = async (http: SpecHttp) =>
  (await http.visitor().get("/api/store/campaign-status/?campaign=ark-main")).json;

describe("spec 26.5: a monthly gift's months from Stripe's webhooks", () => {
  it("spec 26.5: invoice.paid counts the month once on the thermometer, even delivered twice or under another event id", () =>
    given
      .when(async (http) => {
        const paid = stripeEventFixture("invoice-paid");
        await deliver(http, paid);
        await deliver(http, paid); // Stripe's redelivery of the same event
        return deliver(http, { ...paid, id: "evt_same_invoice_again" }); // another event about the same invoice
      })
      .then(async ({ newEvents, http }) => {
        expect(newEvents.map((e) => [e.streamId, e.type])).toEqual([
          [monthlyGiftStream(GIFT_ID), "MonthlyGiftCharged"],
          [campaignStream("ark-main"), "CampaignGiftRecorded"],
          [`mail-monthly-gift-charged-${GIFT_ID}-in_1QhZ2aJ2eZvKYlo2InV0ice1`, "MailQueued"],
          [stripeEventStream("evt_1QhZ2bJ2eZvKYlo2PaId0001"), "StripeEventTaken"],
          [stripeEventStream("evt_same_invoice_again"), "StripeEventTaken"],
        ]);
        expect(newEvents[1].data).toMatchObject({
          giftId: `monthly-${GIFT_ID}-in_1QhZ2aJ2eZvKYlo2InV0ice1`,
          amountCents: 1250,
        });
        // The webhook answers Stripe at once; the read models follow.
        const mine = async () => (await http.as(noah).get("/api/account/monthly-gifts/")).json.items[0];
        await expect.poll(mine).toMatchObject({ months_paid: 2, total_cents: 2500 });
        await expect.poll(() => status(http)).toMatchObject({ raised_cents: 1250, donors: 1 });
        expect(stripe.requests).toEqual([]); // a notice asks Stripe nothing
      }));

  it("spec 26.5: invoice.payment_failed is shown on the gift and moves no thermometer", () =>
    given
      .when((http) => deliver(http, stripeEventFixture("invoice-payment-failed")))
      .then(async ({ newEvents, http }) => {
        expect(newEvents.map((e) => e.type)).toEqual(["MonthlyGiftPaymentFailed", "MailQueued", "StripeEventTaken"]);
        expect(await status(http)).toMatchObject({ raised_cents: 0 });
      }));

  it("spec 26.5: customer.subscription.deleted (ended in Stripe's dashboard) cancels the gift, once", () =>
    given
      .when(async (http) => {
        await deliver(http, stripeEventFixture("customer-subscription-deleted"));
        return deliver(http, { ...stripeEventFixture("customer-subscription-deleted"), id: "evt_deleted_again" });
      })
      .then(({ newEvents }) => {
        expect(newEvents.map((e) => e.type)).toEqual([
          "MonthlyGiftCancelled",
          "MailQueued",
          "StripeEventTaken",
          "StripeEventTaken",
        ]);
        expect(newEvents[0].data).toMatchObject({ cancelledBy: "gateway", by: null });
        expect(stripe.requests).toEqual([]);
      }));

  it("spec 26.5: an invoice about a gift the shop does not know is answered 2xx and changes nothing else", () =>
    given
      .when((http) => {
        const paid = stripeEventFixture("invoice-paid");
        const object = JSON.parse(JSON.stringify(paid.data.object).replaceAll(`"${GIFT_ID}"`, '"9999"'));
        return deliver(http, { ...paid, id: "evt_unknown_gift", data: { object } });
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        expect(newEvents.map((e) => e.type)).toEqual(["StripeEventTaken"]);
      }));
});

describe("spec 26.5: cancelling a monthly gift on Stripe", () => {
  it("spec 26.7: the giver's cancel ends the Subscription (DELETE /v1/subscriptions/:id); Stripe's deleted notice after it changes nothing", () =>
    given
      .when(async (http) => {
        stripe.answer(stripeFixture("subscription-cancel").response);
        const cancelled = await http.as(noah).post(`/api/account/monthly-gifts/${GIFT_ID}/cancel/`, {});
        await deliver(http, stripeEventFixture("customer-subscription-deleted"));
        return cancelled;
      })
      .then(({ response, newEvents }) => {
        expect(response.json.gift).toMatchObject({ status: "cancelled", cancelled_by: "shopper" });
        expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /v1/subscriptions/${SUB}`]);
        expect(newEvents.map((e) => e.type)).toEqual(["MonthlyGiftCancelled", "MailQueued", "StripeEventTaken"]);
      }));

  it("spec 26.5: staff cancel ends the Subscription too; when Stripe cannot be reached nothing is written", () =>
    given
      .when(async (http) => {
        stripe.answer("drop", "drop");
        const failed = await http.as(staff).post(`/admin/api/monthly-gifts/${GIFT_ID}/cancel/`, {});
        expect(failed.status).toBe(502);
        stripe.answer(stripeFixture("subscription-cancel").response);
        return http.as(staff).post(`/admin/api/monthly-gifts/${GIFT_ID}/cancel/`, {});
      })
      .then(({ response, newEvents }) => {
        expect(response.json.gift).toMatchObject({ status: "cancelled", cancelled_by: "staff" });
        expect(newEvents).toMatchObject([
          { type: "MonthlyGiftCancelled", data: { by: { id: staff.id } } },
          { type: "MailQueued", streamId: `mail-monthly-gift-cancelled-${GIFT_ID}` },
        ]);
      }));

  it("spec 26.5: a test-mode gift cancelled after the shop went live on Stripe is only recorded (no real subscription to end); Stripe is not asked", () =>
    spec
      .given(...CHECKOUT_CATALOG, ARK, noah, staff, {
        ...STARTED,
        streamId: monthlyGiftStream("5001"),
        data: { ...(STARTED.data as object), id: "5001", gateway: "test", subscription: "test_sub_5001" },
      })
      .when((http) => http.as(noah).post("/api/account/monthly-gifts/5001/cancel/", {}))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        expect(response.json.gift).toMatchObject({ status: "cancelled", cancelled_by: "shopper" });
        expect(newEvents.map((e) => e.type)).toEqual(["MonthlyGiftCancelled", "MailQueued"]);
        expect(stripe.requests).toEqual([]);
      }));
});
