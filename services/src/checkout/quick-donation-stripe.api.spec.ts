import { describe, expect, it } from "vitest";
import { quickCheckoutStream } from "@shop/shared";
import { createApp } from "../app.ts";
import { stripeFixture } from "../payments/stripe-fixture-server.ts";
import { deliverStripeEvent, stripeEventFixture } from "../payments/stripe-webhook-fixtures.ts";
import { oneFormIntents, stripeForSpecs } from "../testing/stripe-for-specs.ts";
import { apiSpec, type SpecHttp } from "../testing/api-spec.ts";
import { signedInUser } from "../testing/spec-users.ts";
import { CHECKOUT_CATALOG, GIFT, arkCampaignGiven } from "./checkout-fixtures.ts";
import { readUntil } from "../testing/read-until.ts";

// Issue 26 §5 on Stripe: give-now takes the card in Stripe's Payment Element, as the checkout's payment
// step does. The form asks …/quick-donation/payment/ for the PaymentIntent of its Idempotency-Key's
// round, the browser confirms it, and the form posts its payment_intent: the gift is then placed by
// the one payment attempt (one order per key), here against the local stand-in for Stripe's API.
const Q = "/api/store/shop/quick-donation/";
const SECRET = "whsec_test_secret_for_the_specs";
const NOW = new Date();
const PI = "pi_3QfXkLJ2eZvKYlo21Ab9cDeF";
const AMOUNT = 1250;
const ARK = arkCampaignGiven(50_000_000, NOW);
/** The form in Stripe mode: no card fields, the giver's name still asked for. */
const FORM = { fund: GIFT, amount: "12.50", email: "noah@example.org", name_on_card: "Noah Builder" };
const noah = signedInUser("noah@example.org", "Noah Builder", { isStaff: false, now: NOW });

const stripe = stripeForSpecs();

const spec = apiSpec((deps) => createApp({ ...deps, paymentGateway: stripe.gateway, stripeWebhookSecret: SECRET }));
const given = spec.given(...CHECKOUT_CATALOG, ARK, noah);

const { intentFor, confirmed } = oneFormIntents(stripe, Q, FORM, AMOUNT);

const thermometer = async (http: SpecHttp) =>
  (await http.visitor().get("/api/store/campaign-status/?campaign=ark-main")).json;

describe("spec 26.5: give-now with the Stripe gateway (fixture server)", () => {
  it("spec 26.5 give-now on Stripe: the form is told to take the card in Stripe's Payment Element", () =>
    given
      .when((http) => http.visitor().get(`${Q}payment/`))
      .then(({ response, newEvents }) => {
        expect(response.json).toEqual({ metadata: { success: true, errors: [] }, card_form: "stripe" });
        expect(stripe.requests).toEqual([]);
        expect(newEvents).toEqual([]);
      }));

  it("spec 26.5 give-now on Stripe: the form's PaymentIntent is made for its key's round (asked again: the same intent), and writes nothing", () =>
    given
      .when(async (http) => {
        const giver = http.visitor();
        const { page } = await intentFor(giver, "gift-1");
        await intentFor(giver, "gift-1"); // asked again (the page redrawn): Stripe's idempotency answers the same intent
        return page;
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        expect(response.json).toEqual({
          metadata: { success: true, errors: [] },
          stripe: {
            publishable_key: "pk_test_fixture123",
            client_secret: "pi_3QfXkLJ2eZvKYlo21Ab9cDeF_secret_Hc6yXoWm0Q1d5rTz9kVbN2pLs",
          },
        });
        const [first, again] = stripe.requests;
        expect(first).toMatchObject({
          method: "POST",
          path: "/v1/payment_intents",
          form: {
            amount: String(AMOUNT),
            capture_method: "manual",
            "metadata[shop_checkout]": `${quickCheckoutStream("gift-1")}.r0`,
          },
        });
        expect(first.form).not.toHaveProperty("setup_future_usage");
        expect(again.idempotencyKey).toBe(first.idempotencyKey);
        expect(newEvents).toEqual([]);
      }));

  it("spec 26.5 give-now on Stripe: a refused form asks Stripe for nothing (bad amount, no name, no Idempotency-Key)", () =>
    given
      .when(async (http) => {
        const giver = http.visitor();
        const noName = await giver.post(`${Q}payment/`, { ...FORM, name_on_card: "" }, { "idempotency-key": "g" });
        const noKey = await giver.post(`${Q}payment/`, FORM);
        const guestMonthly = await giver.post(`${Q}payment/`, { ...FORM, monthly: "on" }, { "idempotency-key": "g" });
        expect(noName.json.metadata.errors).toContain("name_on_card: Please enter the name on the card.");
        expect(noKey.status).toBe(400);
        expect(guestMonthly.status).toBe(400);
        return giver.post(`${Q}payment/`, { ...FORM, amount: "0.50" }, { "idempotency-key": "g" });
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toContain("amount: Please enter an amount of $1.00 or more.");
        expect(stripe.requests).toEqual([]);
        expect(newEvents).toEqual([]);
      }));

  it("spec 26.5 give-now on Stripe: typed card fields (the form without Stripe's elements) are refused up front, nothing sent or written", () =>
    given
      .when((http) =>
        http
          .visitor()
          .post(
            Q,
            { ...FORM, card_number: "4111111111111111", exp_month: "12", exp_year: "2030", cvv: "123" },
            { "idempotency-key": "typed" },
          ),
      )
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata).toMatchObject({ success: false, code: "PAYMENT_NOT_CONFIGURED" });
        expect(stripe.requests).toEqual([]);
        expect(newEvents).toEqual([]);
      }));

  it("spec 26.5 one-off give-now on Stripe places one order and moves the thermometer once, however often the browser's return and the webhook arrive", () =>
    given
      .when(async (http) => {
        const giver = http.visitor();
        const { tag } = await intentFor(giver, "gift-2");
        stripe.answer(
          confirmed("payment-intent-requires-capture", tag),
          stripeFixture("payment-intent-capture").response,
        );
        const paid = { ...FORM, payment_intent: PI };
        const first = await giver.post(Q, paid, { "idempotency-key": "gift-2" });
        const succeeded = stripeEventFixture("payment-intent-succeeded", { paymentIntent: PI, amountCents: AMOUNT });
        const t = Math.floor(Date.now() / 1000);
        const notice = await deliverStripeEvent(http.url, succeeded, { secret: SECRET, t });
        expect(notice).toMatchObject({ status: 200, json: { received: true } });
        // The browser comes back from a redirect (return_url) and posts again; Stripe redelivers its notice.
        const again = await giver.post(Q, paid, { "idempotency-key": "gift-2" });
        const redelivered = await deliverStripeEvent(http.url, succeeded, { secret: SECRET, t });
        expect(redelivered).toMatchObject({ status: 200, json: { received: true, duplicate: true } });
        expect(again.json.order).toEqual(first.json.order);
        return first;
      })
      .then(async ({ response, newEvents, http }) => {
        expect(response.status).toBe(200);
        const placed = newEvents.filter((e) => e.type === "OrderPlaced");
        expect(placed).toHaveLength(1);
        expect(placed[0].data).toMatchObject({
          totals: { totalCents: AMOUNT, donationCents: AMOUNT },
          payment: { type: "card", status: "paid", gateway: "stripe", reference: PI, last4: "4242" },
        });
        expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
          "POST /v1/payment_intents",
          `GET /v1/payment_intents/${PI}`,
          `POST /v1/payment_intents/${PI}/capture`,
        ]);
        // The thermometer is a read model the gift's answer does not wait for (this reader is not the giver).
        const status = await readUntil(
          () => thermometer(http),
          (t) => t.raised_cents === AMOUNT,
        );
        expect(status).toMatchObject({ raised_cents: AMOUNT, donors: 1 });
      }));

  it("spec 26.5 monthly give-now on Stripe: the first PaymentIntent keeps the card, and the Subscription starts once after it is paid", () =>
    given
      .when(async (http) => {
        const giver = http.as(noah);
        const monthly = { ...FORM, monthly: "on" };
        const { tag } = await intentFor(giver, "gift-3", monthly);
        stripe.answer(
          confirmed("payment-intent-requires-capture", tag),
          stripeFixture("payment-intent-capture").response,
          stripeFixture("payment-intent-capture").response, // startMonthly reads the intent's payment method
          stripeFixture("customer-create").response,
          stripeFixture("product-create").response,
          stripeFixture("subscription-create").response,
        );
        const paid = { ...monthly, payment_intent: PI };
        const first = await giver.post(Q, paid, { "idempotency-key": "gift-3" });
        const again = await giver.post(Q, paid, { "idempotency-key": "gift-3" });
        expect(again.json.order).toEqual(first.json.order);
        return first;
      })
      .then(async ({ response, newEvents, http }) => {
        expect(response.status).toBe(200);
        expect(stripe.requests[0].form).toMatchObject({ setup_future_usage: "off_session" });
        expect(stripe.requests[0].idempotencyKey).toMatch(/-monthly$/);
        expect(newEvents.filter((e) => e.type === "OrderPlaced")).toHaveLength(1);
        const started = newEvents.filter((e) => e.type === "MonthlyGiftStarted");
        expect(started).toHaveLength(1);
        expect(started[0].data).toMatchObject({ gateway: "stripe", amountCents: AMOUNT, userId: noah.id });
        // Started after the first month was captured; the repeated submit asked Stripe nothing.
        expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
          "POST /v1/payment_intents",
          `GET /v1/payment_intents/${PI}`,
          `POST /v1/payment_intents/${PI}/capture`,
          `GET /v1/payment_intents/${PI}`,
          "POST /v1/customers",
          "POST /v1/products",
          "POST /v1/subscriptions",
        ]);
        // The thermometer is a read model the gift's answer does not wait for (this reader is not the giver).
        const status = await readUntil(
          () => thermometer(http),
          (t) => t.raised_cents === AMOUNT,
        );
        expect(status).toMatchObject({ raised_cents: AMOUNT, donors: 1 });
      }));

  it("spec 26.5 give-now on Stripe: a declined Payment Element payment writes no order, and the key's next round gets a new PaymentIntent", () =>
    given
      .when(async (http) => {
        const giver = http.visitor();
        const { tag } = await intentFor(giver, "gift-4");
        stripe.answer(confirmed("payment-intent-declined", tag));
        const declined = await giver.post(Q, { ...FORM, payment_intent: PI }, { "idempotency-key": "gift-4" });
        const { tag: next } = await intentFor(giver, "gift-4");
        expect(next).toBe(`${quickCheckoutStream("gift-4")}.r1`);
        return declined;
      })
      .then(async ({ response, newEvents, http }) => {
        expect(response.status).toBe(402);
        expect(response.json.metadata).toMatchObject({ success: false, code: "PAYMENT_DECLINED" });
        expect(newEvents.map((e) => e.type)).not.toContain("OrderPlaced");
        expect(newEvents.map((e) => e.type)).toContain("QuickCheckoutFailed");
        expect(await thermometer(http)).toMatchObject({ raised_cents: 0, donors: 0 });
      }));

  it("spec 26.5 give-now on Stripe: a PaymentIntent made for another gift (another key) is refused, no order", () =>
    given
      .when(async (http) => {
        const giver = http.visitor();
        const { tag } = await intentFor(giver, "gift-5");
        stripe.answer(confirmed("payment-intent-requires-capture", tag));
        return giver.post(Q, { ...FORM, payment_intent: PI }, { "idempotency-key": "gift-6" });
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(402);
        expect(newEvents.map((e) => e.type)).not.toContain("OrderPlaced");
      }));

  it("spec 26.5 monthly give-now on Stripe: an intent made for a one-off gift (its card not kept) cannot start a monthly gift, nor a monthly intent pay a one-off gift", () =>
    given
      .when(async (http) => {
        const giver = http.as(noah);
        const monthly = { ...FORM, monthly: "on" };
        const { tag: oneOff } = await intentFor(giver, "gift-7");
        stripe.answer(confirmed("payment-intent-requires-capture", oneOff));
        const asMonthly = await giver.post(Q, { ...monthly, payment_intent: PI }, { "idempotency-key": "gift-7" });
        const { tag: forMonthly } = await intentFor(giver, "gift-8", monthly);
        expect(forMonthly).toBe(`${quickCheckoutStream("gift-8")}.r0.monthly`);
        stripe.answer(confirmed("payment-intent-requires-capture", forMonthly));
        const asOneOff = await giver.post(Q, { ...FORM, payment_intent: PI }, { "idempotency-key": "gift-8" });
        expect(asOneOff.status).toBe(402);
        return asMonthly;
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(402);
        expect(response.json.metadata).toMatchObject({ success: false });
        expect(newEvents.map((e) => e.type)).not.toContain("OrderPlaced");
        expect(newEvents.map((e) => e.type)).not.toContain("MonthlyGiftStarted");
        // Each intent was read, never captured, and no subscription was asked for.
        expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
          "POST /v1/payment_intents",
          `GET /v1/payment_intents/${PI}`,
          "POST /v1/payment_intents",
          `GET /v1/payment_intents/${PI}`,
        ]);
      }));
});
