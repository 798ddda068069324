import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PaymentUnavailableError } from "@shop/shared";
import type { PaymentGateway } from "./payment-gateway.ts";
import { createStripeGateway } from "./stripe-gateway.ts";
import {
  answerWith,
  startStripeFixtureServer,
  stripeFixture,
  type StripeFixtureServer,
} from "./stripe-fixture-server.ts";

const SECRET = "sk_test_fixture123";
const TAG = "cart_fixture.r0";
const PI = "pi_3QfXkLJ2eZvKYlo21Ab9cDeF";
const confirmed = (tag = TAG, reference = PI) => ({ confirmed: { reference, tag } });
const response = (name: string) => stripeFixture(name).response;

let stripe: StripeFixtureServer;
let gateway: PaymentGateway;

beforeAll(async () => {
  stripe = await startStripeFixtureServer();
  gateway = createStripeGateway({
    secretKey: SECRET,
    publishableKey: "pk_test_fixture123",
    baseUrl: stripe.url,
    retryDelayMs: 1,
  });
});
afterAll(() => stripe.close());
beforeEach(() => stripe.reset());

describe("Stripe adapter: the requests it sends (recorded fixtures)", () => {
  it("the payment page's PaymentIntent: POST /v1/payment_intents, form fields, Bearer key, an idempotency key per round and amount", async () => {
    const fixture = stripeFixture("payment-intent-create");
    stripe.answer(fixture.response);
    const payment = await gateway.browserPayment!({ amountCents: 1898, tag: TAG });
    expect(payment).toEqual({
      publishableKey: "pk_test_fixture123",
      clientSecret: "pi_3QfXkLJ2eZvKYlo21Ab9cDeF_secret_Hc6yXoWm0Q1d5rTz9kVbN2pLs",
      reference: PI,
    });
    expect(stripe.requests).toEqual([
      {
        method: fixture.request.method,
        path: fixture.request.path,
        query: {},
        form: fixture.request.form,
        authorization: `Bearer ${SECRET}`,
        idempotencyKey: `pi-${TAG}-1898`,
        contentType: "application/x-www-form-urlencoded",
      },
    ]);
  });

  it("authorise retrieves the confirmed PaymentIntent with its payment method: requires_capture gives brand and last four", async () => {
    const fixture = stripeFixture("payment-intent-requires-capture");
    stripe.answer(fixture.response);
    const result = await gateway.authorise({ amountCents: 1898, source: confirmed(), idempotencyKey: "attempt-1" });
    expect(result).toEqual({ ok: true, reference: PI, brand: "Visa", last4: "4242" });
    expect(stripe.requests).toMatchObject([
      { method: "GET", path: fixture.request.path, query: fixture.request.query, authorization: `Bearer ${SECRET}` },
    ]);
    expect(stripe.requests[0].idempotencyKey).toBeUndefined();
  });

  it("an already captured (succeeded) PaymentIntent is accepted", async () => {
    stripe.answer(response("payment-intent-succeeded"));
    const result = await gateway.authorise({ amountCents: 1898, source: confirmed(), idempotencyKey: "a" });
    expect(result).toMatchObject({ ok: true, reference: PI });
  });

  it("capture: POST …/capture with amount_to_capture and the key capture-{id}", async () => {
    const fixture = stripeFixture("payment-intent-capture");
    stripe.answer(fixture.response);
    await gateway.capture(PI, 1898);
    expect(stripe.requests).toMatchObject([
      { method: "POST", path: fixture.request.path, form: fixture.request.form, idempotencyKey: `capture-${PI}` },
    ]);
  });

  it("capture of an intent Stripe already captured (payment_intent_unexpected_state, then succeeded) is done, not an error", async () => {
    stripe.answer(response("payment-intent-capture-unexpected-state"), response("payment-intent-succeeded"));
    await gateway.capture(PI, 1898);
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /v1/payment_intents/${PI}/capture`,
      `GET /v1/payment_intents/${PI}`,
    ]);
  });

  it("money: capture of an intent captured and then refunded is refused (its money was given back)", async () => {
    stripe.answer(
      response("payment-intent-capture-unexpected-state"),
      answerWith(stripeFixture("payment-intent-succeeded"), {
        latest_charge: { id: "ch_3QfXkLJ2eZvKYlo21xYz0AbC", object: "charge", amount_refunded: 1898 },
      }),
    );
    await expect(gateway.capture(PI, 1898)).rejects.toThrow(/was refunded/);
    expect(stripe.requests[1]).toMatchObject({ method: "GET", path: `/v1/payment_intents/${PI}` });
  });

  it("void: POST …/cancel with the key cancel-{id}", async () => {
    const fixture = stripeFixture("payment-intent-cancel");
    stripe.answer(fixture.response);
    await gateway.void(PI);
    expect(stripe.requests).toMatchObject([
      { method: "POST", path: fixture.request.path, form: {}, idempotencyKey: `cancel-${PI}` },
    ]);
  });

  it("refund: POST /v1/refunds with payment_intent and amount", async () => {
    const fixture = stripeFixture("refund");
    stripe.answer(fixture.response);
    await gateway.refund(PI, 500);
    expect(stripe.requests).toMatchObject([{ method: "POST", path: "/v1/refunds", form: fixture.request.form }]);
    expect(stripe.requests[0].idempotencyKey).toMatch(/^[\w-]{20,}$/);
  });
});

describe("Stripe adapter: release gives back what the intent still holds", () => {
  it("money: a captured intent is refunded in full, once (the refund's idempotency key names the intent)", async () => {
    stripe.answer(response("payment-intent-succeeded"), response("refund"));
    await gateway.release!(PI, 1898);
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/payment_intents/${PI}`,
      "POST /v1/refunds",
    ]);
    expect(stripe.requests[1]).toMatchObject({ form: { payment_intent: PI }, idempotencyKey: `release-${PI}` });
  });

  it("money: an intent never captured is cancelled, not refunded", async () => {
    stripe.answer(response("payment-intent-requires-capture"), response("payment-intent-cancel"));
    await gateway.release!(PI, 1898);
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/payment_intents/${PI}`,
      `POST /v1/payment_intents/${PI}/cancel`,
    ]);
  });

  it("money: a cancelled intent holds nothing: release sends nothing more", async () => {
    stripe.answer(response("payment-intent-cancel"));
    await gateway.release!(PI, 1898);
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/payment_intents/${PI}`]);
  });
});

describe("Stripe adapter: how it maps answers and errors", () => {
  it("Your card was declined. for a PaymentIntent whose last_payment_error is card_declined", async () => {
    stripe.answer(response("payment-intent-declined"));
    const result = await gateway.authorise({ amountCents: 1898, source: confirmed(), idempotencyKey: "a" });
    expect(result).toEqual({ ok: false, message: "Your card was declined." });
  });

  it("Your card was declined. for Stripe's card_declined error object (HTTP 402)", async () => {
    stripe.answer(response("card-declined-error"));
    const result = await gateway.authorise({ amountCents: 1898, source: confirmed(), idempotencyKey: "a" });
    expect(result).toEqual({ ok: false, message: "Your card was declined." });
  });

  it("a PaymentIntent for another amount is refused and its hold given back (cancel)", async () => {
    const fixture = stripeFixture("payment-intent-requires-capture");
    stripe.answer(answerWith(fixture, { amount: 999, amount_capturable: 999 }), response("payment-intent-cancel"));
    const result = await gateway.authorise({ amountCents: 1898, source: confirmed(), idempotencyKey: "a" });
    expect(result).toEqual({
      ok: false,
      message: "This payment does not match your order. Nothing was charged; please pay again.",
    });
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/payment_intents/${PI}`,
      `POST /v1/payment_intents/${PI}/cancel`,
    ]);
  });

  it("a PaymentIntent made for another checkout (or round), or in another currency, is refused", async () => {
    stripe.answer(response("payment-intent-requires-capture"));
    expect(
      await gateway.authorise({ amountCents: 1898, source: confirmed("cart_other.r0"), idempotencyKey: "a" }),
    ).toMatchObject({ ok: false });
    const fixture = stripeFixture("payment-intent-succeeded");
    stripe.answer(answerWith(fixture, { currency: "eur" }));
    expect(await gateway.authorise({ amountCents: 1898, source: confirmed(), idempotencyKey: "b" })).toMatchObject({
      ok: false,
    });
  });

  it("a PaymentIntent the browser has not confirmed yet is refused: Your payment was not completed.", async () => {
    stripe.answer(response("payment-intent-create"));
    expect(await gateway.authorise({ amountCents: 1898, source: confirmed(), idempotencyKey: "a" })).toEqual({
      ok: false,
      message: "Your payment was not completed. Please try again.",
    });
  });

  it("card numbers never reach Stripe through us: a card source is refused without a request; a bad id is never sent", async () => {
    const card = { number: "4242424242424242", expMonth: 12, expYear: 2040, cvv: "123", nameOnCard: "Ann" };
    expect(await gateway.authorise({ amountCents: 1898, source: { card }, idempotencyKey: "a" })).toMatchObject({
      ok: false,
    });
    expect(
      await gateway.authorise({
        amountCents: 1898,
        source: confirmed(TAG, "pi_x/../../v1/refunds"),
        idempotencyKey: "b",
      }),
    ).toMatchObject({ ok: false });
    expect(stripe.requests).toEqual([]);
  });

  it("a 5xx is retried once with the same idempotency key", async () => {
    stripe.answer(response("api-error-500"), response("payment-intent-create"));
    const payment = await gateway.browserPayment!({ amountCents: 1898, tag: TAG });
    expect(payment.reference).toBe(PI);
    expect(stripe.requests).toHaveLength(2);
    expect(stripe.requests[1]).toEqual(stripe.requests[0]);
    expect(stripe.requests[1].idempotencyKey).toBe(`pi-${TAG}-1898`);
  });

  it("a network failure is retried once with the same idempotency key (a refund's own key included)", async () => {
    stripe.answer("drop", response("refund"));
    await gateway.refund(PI, 500);
    expect(stripe.requests).toHaveLength(2);
    expect(stripe.requests[1].idempotencyKey).toBe(stripe.requests[0].idempotencyKey);
  });

  it("two failures in a row: a clear PaymentUnavailableError (502), nothing retried a third time", async () => {
    stripe.answer(response("api-error-500"), "drop");
    const failure = await gateway.capture(PI, 1898).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PaymentUnavailableError);
    expect(failure).toMatchObject({
      code: "PAYMENT_UNAVAILABLE",
      message: "The payment service did not answer. Please try again in a moment.",
      detail: expect.stringContaining(`Stripe POST /v1/payment_intents/${PI}/capture failed twice`),
    });
    expect(stripe.requests).toHaveLength(2);
    expect(stripe.requests[1].idempotencyKey).toBe(`capture-${PI}`);
  });
});
