import { describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { answerWith, stripeFixture } from "../payments/stripe-fixture-server.ts";
import { stripeForSpecs } from "../testing/stripe-for-specs.ts";
import { apiSpec } from "../testing/api-spec.ts";
import type { TestClient } from "../testing/http-client.ts";
import { BOOK, CHECKOUT_CATALOG, GOOD_CARD, throughShipping } from "./checkout-fixtures.ts";

const C = "/api/store/shop/checkout/";
const PI = "pi_3QfXkLJ2eZvKYlo21Ab9cDeF";
/** One book ($12.99) and standard shipping ($5.99). */
const TOTAL = 1898;

const stripe = stripeForSpecs();

const spec = apiSpec((deps) => createApp({ ...deps, paymentGateway: stripe.gateway }));
const given = spec.given(...CHECKOUT_CATALOG);

/** A shopper at step 4 whose payment page was shown: the PaymentIntent's tag, as the server sent it to Stripe. */
async function atPaymentPage(shopper: TestClient) {
  await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
  await throughShipping(shopper);
  stripe.answer(stripeFixture("payment-intent-create").response);
  const page = await shopper.get(`${C}payment/`);
  const tag = stripe.requests.at(-1)?.form["metadata[shop_checkout]"] ?? "";
  return { page, tag };
}

/** The PaymentIntent as Stripe answers it once the browser confirmed it for this checkout. */
const confirmedIntent = (name: string, tag: string, amount = TOTAL) =>
  answerWith(stripeFixture(name), {
    amount,
    metadata: { shop_checkout: tag },
  });

describe("checkout payment step with Stripe (fixture server)", () => {
  it("the payment page answers the publishable key and the client_secret of one PaymentIntent per checkout round and total", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        const { page } = await atPaymentPage(shopper);
        stripe.answer(stripeFixture("payment-intent-create").response);
        await shopper.get(`${C}payment/`); // shown again: the same idempotency key, so Stripe answers the same intent
        return page;
      })
      .then(({ response }) => {
        expect(response.json).toMatchObject({
          total_cents: TOTAL,
          payment_types: ["card", "check"],
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
            amount: String(TOTAL),
            currency: "usd",
            capture_method: "manual",
            "payment_method_types[]": "card",
            "metadata[shop_checkout]": expect.stringMatching(/\.r0$/),
          },
          authorization: "Bearer sk_test_fixture123",
        });
        expect(first.idempotencyKey).toBe(`pi-${first.form["metadata[shop_checkout]"]}-${TOTAL}`);
        expect(again.idempotencyKey).toBe(first.idempotencyKey);
      }));

  it.each([
    ["requires_capture", "payment-intent-requires-capture", [stripeFixture("payment-intent-capture").response]],
    [
      "succeeded",
      "payment-intent-succeeded",
      [
        stripeFixture("payment-intent-capture-unexpected-state").response,
        stripeFixture("payment-intent-succeeded").response,
      ],
    ],
  ])(
    "a %s PaymentIntent for this checkout and total places the order: brand, last four and reference only",
    (_status, fixture, capture) =>
      given
        .when(async (http) => {
          const shopper = http.visitor();
          const { tag } = await atPaymentPage(shopper);
          stripe.answer(confirmedIntent(fixture, tag), ...capture);
          return shopper.post(
            `${C}payment/`,
            { payment_type: "card", payment_intent: PI },
            { "idempotency-key": "k-1" },
          );
        })
        .then(({ response, newEvents }) => {
          expect(response.status).toBe(200);
          expect(response.json).toMatchObject({ metadata: { success: true }, order: { number: expect.any(String) } });
          const placed = newEvents.find((e) => e.type === "OrderPlaced");
          expect(placed?.data).toMatchObject({
            totals: { totalCents: TOTAL },
            payment: { type: "card", status: "paid", gateway: "stripe", brand: "Visa", last4: "4242", reference: PI },
          });
          const calls = stripe.requests.slice(1).map((r) => `${r.method} ${r.path}`);
          expect(calls.slice(0, 2)).toEqual([
            `GET /v1/payment_intents/${PI}`,
            `POST /v1/payment_intents/${PI}/capture`,
          ]);
          expect(stripe.requests[2]).toMatchObject({
            form: { amount_to_capture: String(TOTAL) },
            idempotencyKey: `capture-${PI}`,
          });
        }),
  );

  it("a PaymentIntent for another amount is refused (its hold given back): nothing placed, and the next page makes a new intent", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        const { tag } = await atPaymentPage(shopper);
        stripe.answer(
          confirmedIntent("payment-intent-requires-capture", tag, 999),
          stripeFixture("payment-intent-cancel").response,
        );
        const refused = await shopper.post(`${C}payment/`, { payment_type: "card", payment_intent: PI });
        stripe.answer(stripeFixture("payment-intent-create").response);
        await shopper.get(`${C}payment/`);
        return refused;
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(402);
        expect(response.json.metadata).toMatchObject({
          success: false,
          message: "This payment does not match your order. Nothing was charged; please pay again.",
        });
        expect(newEvents.map((e) => e.type)).not.toContain("OrderPlaced");
        expect(newEvents.map((e) => e.type)).toContain("CheckoutPaymentFailed");
        expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
          "POST /v1/payment_intents",
          `GET /v1/payment_intents/${PI}`,
          `POST /v1/payment_intents/${PI}/cancel`,
          "POST /v1/payment_intents",
        ]);
        // The refused round is over: the browser confirms a new PaymentIntent for the next one.
        expect(stripe.requests[3].form["metadata[shop_checkout]"]).toMatch(/\.r1$/);
      }));

  it("a PaymentIntent made for another checkout is refused, even with the right amount", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await atPaymentPage(shopper);
        stripe.answer(confirmedIntent("payment-intent-succeeded", "cart_someone_else.r0"));
        return shopper.post(`${C}payment/`, { payment_type: "card", payment_intent: PI });
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(402);
        expect(newEvents.map((e) => e.type)).not.toContain("OrderPlaced");
      }));

  it("Stripe mode takes no card fields: without payment_intent, 'payment_intent: This field is required.', and the card number is nowhere", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await atPaymentPage(shopper);
        return shopper.post(`${C}payment/`, GOOD_CARD);
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toEqual(["payment_intent: This field is required."]);
        expect(stripe.requests).toHaveLength(1); // the payment page's intent only
        const log = JSON.stringify(newEvents.map(({ type, data, metadata }) => ({ type, data, metadata })));
        expect(log).not.toContain("4242");
      }));

  it("the payment service down twice: 502 'The payment service did not answer.', nothing placed", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await atPaymentPage(shopper);
        stripe.answer("drop", "drop");
        return shopper.post(`${C}payment/`, { payment_type: "card", payment_intent: PI });
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(502);
        expect(response.json.metadata.message).toBe(
          "The payment service did not answer. Please try again in a moment.",
        );
        expect(newEvents.map((e) => e.type)).not.toContain("OrderPlaced");
      }));

  it("the CSP allows js.stripe.com when Stripe is the gateway", () =>
    given
      .when((http) => http.visitor().get("/api/store/shop/checkout/"))
      .then(({ response }) => {
        const csp = response.headers.get("content-security-policy") ?? "";
        expect(csp).toContain("script-src 'self' https://js.stripe.com");
        expect(csp).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
        expect(csp).toContain("connect-src 'self' https://api.stripe.com");
      }));
});
