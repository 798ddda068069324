import { describe, expect, it } from "vitest";
import { quickCheckoutStream } from "@shop/shared";
import { createApp } from "../app.ts";
import { productGiven, skuGiven } from "../catalog/catalog-spec-fixtures.ts";
import { stripeFixture } from "../payments/stripe-fixture-server.ts";
import { oneFormIntents, stripeForSpecs } from "../testing/stripe-for-specs.ts";
import { apiSpec } from "../testing/api-spec.ts";
import { BILLING } from "./checkout-fixtures.ts";

// The membership's one form on Stripe: as give-now (quick-donation-stripe.api.spec.ts), the card goes
// into Stripe's Payment Element, never into the shop's own fields. The form asks
// …/quick-checkout/payment/ for the PaymentIntent of its Idempotency-Key's round, the browser confirms
// it, and the form posts its payment_intent with the billing, delivery and passholders.
const Q = "/api/store/shop/quick-checkout/";
const PI = "pi_3QfXkLJ2eZvKYlo21Ab9cDeF";
const MEMBERSHIP = "90-8-111";
const PRICE = 9900;
/** The form in Stripe mode: no card fields, the card holder's name still asked for. */
const FORM = {
  sku: MEMBERSHIP,
  ...BILLING,
  ship_to: "billing",
  primary_first_name: "Noah",
  primary_last_name: "Builder",
  payment_type: "card",
  name_on_card: "Noah Builder",
};

const stripe = stripeForSpecs();

const spec = apiSpec((deps) => createApp({ ...deps, paymentGateway: stripe.gateway }));
const given = spec.given(
  productGiven(41, { title: "Annual Membership" }),
  ...skuGiven(163, MEMBERSHIP, { productId: 41, format: "Individual Membership", priceCents: PRICE }),
);

const { intentFor, confirmed } = oneFormIntents(stripe, Q, FORM, PRICE);

describe("the membership quick checkout with the Stripe gateway (fixture server)", () => {
  it("quick checkout on Stripe: the form is told to take the card in Stripe's Payment Element", () =>
    given
      .when((http) => http.visitor().get(`${Q}payment/`))
      .then(({ response, newEvents }) => {
        expect(response.json).toEqual({ metadata: { success: true, errors: [] }, card_form: "stripe" });
        expect(stripe.requests).toEqual([]);
        expect(newEvents).toEqual([]);
      }));

  it("quick checkout on Stripe: the form's PaymentIntent is made for the membership's price and its key's round, and writes nothing", () =>
    given
      .when(async (http) => (await intentFor(http.visitor(), "qc-1")).page)
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        expect(response.json).toEqual({
          metadata: { success: true, errors: [] },
          stripe: {
            publishable_key: "pk_test_fixture123",
            client_secret: "pi_3QfXkLJ2eZvKYlo21Ab9cDeF_secret_Hc6yXoWm0Q1d5rTz9kVbN2pLs",
          },
        });
        expect(stripe.requests[0]).toMatchObject({
          method: "POST",
          path: "/v1/payment_intents",
          form: {
            amount: String(PRICE),
            capture_method: "manual",
            "metadata[shop_checkout]": `${quickCheckoutStream("qc-1")}.r0`,
          },
        });
        expect(stripe.requests[0].form).not.toHaveProperty("setup_future_usage");
        expect(newEvents).toEqual([]);
      }));

  it("quick checkout on Stripe: a refused form asks Stripe for nothing (no passholder, no name on card, a check, no Idempotency-Key)", () =>
    given
      .when(async (http) => {
        const buyer = http.visitor();
        const noName = await buyer.post(`${Q}payment/`, { ...FORM, name_on_card: "" }, { "idempotency-key": "q" });
        expect(noName.json.metadata.errors).toContain("name_on_card: This field is required.");
        const check = await buyer.post(`${Q}payment/`, { ...FORM, payment_type: "check" }, { "idempotency-key": "q" });
        expect(check.status).toBe(400);
        expect(check.json.metadata.errors).toContain("payment_type: Only a card is paid through Stripe's card form.");
        const noKey = await buyer.post(`${Q}payment/`, FORM);
        expect(noKey.status).toBe(400);
        return buyer.post(`${Q}payment/`, { ...FORM, primary_last_name: "" }, { "idempotency-key": "q" });
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toContain("primary_last_name: All passholder name fields are required.");
        expect(stripe.requests).toEqual([]);
        expect(newEvents).toEqual([]);
      }));

  it("quick checkout on Stripe: typed card fields are refused up front, nothing sent to Stripe or written", () =>
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

  it("quick checkout on Stripe: the confirmed PaymentIntent places one membership order, captured once; the same post again answers it", () =>
    given
      .when(async (http) => {
        const buyer = http.visitor();
        const { tag } = await intentFor(buyer, "qc-2");
        stripe.answer(
          confirmed("payment-intent-requires-capture", tag),
          stripeFixture("payment-intent-capture").response,
        );
        const paid = { ...FORM, payment_intent: PI };
        const first = await buyer.post(Q, paid, { "idempotency-key": "qc-2" });
        const again = await buyer.post(Q, paid, { "idempotency-key": "qc-2" });
        expect(again.json.order).toEqual(first.json.order);
        return first;
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        expect(response.json.redirect).toBe(`/store/checkout/complete/${response.json.order.number}/`);
        const placed = newEvents.filter((e) => e.type === "OrderPlaced");
        expect(placed).toHaveLength(1);
        expect(placed[0].data).toMatchObject({
          lines: [{ skuCode: MEMBERSHIP, quantity: 1, totalCents: PRICE }],
          totals: { totalCents: PRICE },
          payment: { type: "card", status: "paid", gateway: "stripe", reference: PI, last4: "4242" },
        });
        expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
          "POST /v1/payment_intents",
          `GET /v1/payment_intents/${PI}`,
          `POST /v1/payment_intents/${PI}/capture`,
        ]);
      }));

  it("quick checkout on Stripe: a declined payment places nothing, and the key's next round gets a new PaymentIntent", () =>
    given
      .when(async (http) => {
        const buyer = http.visitor();
        const { tag } = await intentFor(buyer, "qc-3");
        stripe.answer(confirmed("payment-intent-declined", tag));
        const declined = await buyer.post(Q, { ...FORM, payment_intent: PI }, { "idempotency-key": "qc-3" });
        const { tag: next } = await intentFor(buyer, "qc-3");
        expect(next).toBe(`${quickCheckoutStream("qc-3")}.r1`);
        return declined;
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(402);
        expect(response.json.metadata).toMatchObject({ success: false, code: "PAYMENT_DECLINED" });
        expect(newEvents.map((e) => e.type)).not.toContain("OrderPlaced");
        expect(newEvents.map((e) => e.type)).toContain("QuickCheckoutFailed");
      }));

  it("quick checkout on Stripe: a PaymentIntent made for another membership form (another key) is refused, no order", () =>
    given
      .when(async (http) => {
        const buyer = http.visitor();
        const { tag } = await intentFor(buyer, "qc-4");
        stripe.answer(confirmed("payment-intent-requires-capture", tag));
        return buyer.post(Q, { ...FORM, payment_intent: PI }, { "idempotency-key": "qc-5" });
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(402);
        expect(newEvents.map((e) => e.type)).not.toContain("OrderPlaced");
      }));

  it("quick checkout on Stripe: a check needs no card and places an awaiting order without asking Stripe", () =>
    given
      .when((http) => http.visitor().post(Q, { ...FORM, payment_type: "check" }, { "idempotency-key": "qc-6" }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        const placed = newEvents.find((e) => e.type === "OrderPlaced");
        expect(placed?.data).toMatchObject({ payment: { type: "check" } });
        expect(stripe.requests).toEqual([]);
      }));
});
