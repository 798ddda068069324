import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { MonthlyGateway } from "./payment-gateway.ts";
import { createStripeGateway } from "./stripe-gateway.ts";
import { startStripeFixtureServer, stripeFixture, type StripeFixtureServer } from "./stripe-fixture-server.ts";
import { nextMonthOf, stripeMonthlyNotice } from "./stripe-monthly.ts";
import { RECORDED_SUBSCRIPTION, stripeEventFixture } from "./stripe-webhook-fixtures.ts";

// Issue 26 §5: monthly gifts on Stripe, against the local stand-in for its API (recorded answers).
const SECRET = "sk_test_fixture123";
const PI = "pi_3QfXkLJ2eZvKYlo21Ab9cDeF";
const SUB = RECORDED_SUBSCRIPTION;
const NOW = new Date("2025-11-28T16:00:00.000Z");

let stripe: StripeFixtureServer;
let monthly: MonthlyGateway;

beforeAll(async () => {
  stripe = await startStripeFixtureServer();
  const gateway = createStripeGateway({
    secretKey: SECRET,
    publishableKey: "pk_test_x",
    baseUrl: stripe.url,
    retryDelayMs: 1,
  });
  monthly = gateway.monthly!;
});
afterAll(() => stripe.close());
beforeEach(() => stripe.reset());

const sent = () =>
  stripe.requests.map(({ method, path, form, idempotencyKey }) => ({ method, path, form, idempotencyKey }));

describe("spec 26.5: a monthly gift's subscription at Stripe", () => {
  it("spec 26.5: start: the first month's card becomes a Customer's, a Product names the gift, a Subscription of price_data starts a month from now", async () => {
    const [customer, product, subscription] = ["customer-create", "product-create", "subscription-create"].map(
      stripeFixture,
    );
    stripe.answer(
      stripeFixture("payment-intent-capture").response,
      customer.response,
      product.response,
      subscription.response,
    );
    const started = await monthly.startMonthly({
      gift: "5001",
      amountCents: 1250,
      paidWith: PI,
      email: "noah@example.org",
      description: "Monthly gift: General Donation",
      now: NOW,
    });
    expect(started).toEqual({ subscription: SUB });
    expect(sent()).toEqual([
      { method: "GET", path: `/v1/payment_intents/${PI}`, form: {}, idempotencyKey: undefined },
      { method: "POST", path: "/v1/customers", form: customer.request.form, idempotencyKey: "monthly-customer-5001" },
      { method: "POST", path: "/v1/products", form: product.request.form, idempotencyKey: "monthly-product-5001" },
      {
        method: "POST",
        path: "/v1/subscriptions",
        form: subscription.request.form,
        idempotencyKey: "monthly-subscription-5001",
      },
    ]);
  });

  it("spec 26.5: cancel is DELETE /v1/subscriptions/:id", async () => {
    stripe.answer(stripeFixture("subscription-cancel").response);
    await monthly.cancelMonthly(SUB);
    expect(sent()).toEqual([
      { method: "DELETE", path: `/v1/subscriptions/${SUB}`, form: {}, idempotencyKey: undefined },
    ]);
  });

  it("spec 26.5: cancelling a subscription Stripe has ended already is no error (a retried request, the dashboard)", async () => {
    stripe.answer(
      stripeFixture("subscription-cancel-already-canceled").response,
      stripeFixture("subscription-retrieve-canceled").response,
    );
    await monthly.cancelMonthly(SUB);
    expect(sent().map((r) => `${r.method} ${r.path}`)).toEqual([
      `DELETE /v1/subscriptions/${SUB}`,
      `GET /v1/subscriptions/${SUB}`,
    ]);
  });

  it("spec 26.5: a refused cancel of a running subscription is not taken for done", async () => {
    const running = stripeFixture("subscription-create").response;
    stripe.answer(stripeFixture("subscription-cancel-already-canceled").response, running);
    await expect(monthly.cancelMonthly(SUB)).rejects.toThrow(/canceled subscription/);
  });
});

describe("spec 26.5: Stripe's notices about a monthly gift", () => {
  it("spec 26.5: invoice.paid names the gift (parent.subscription_details), the subscription, the invoice and the amount", () => {
    const event = stripeEventFixture("invoice-paid");
    expect(stripeMonthlyNotice(event.type, event.data.object)).toEqual({
      charge: {
        gift: "5001",
        subscription: SUB,
        invoice: "in_1QhZ2aJ2eZvKYlo2InV0ice1",
        amountCents: 1250,
        paid: true,
        message: null,
      },
    });
  });

  it("spec 26.5: an invoice of the API before 2025-03-31 (subscription at the top) reads the same", () => {
    const { parent: _parent, ...object } = stripeEventFixture("invoice-paid").data.object;
    const old = { ...object, subscription: SUB, subscription_details: { metadata: { shop_monthly_gift: "5001" } } };
    expect(stripeMonthlyNotice("invoice.paid", old)).toMatchObject({ charge: { gift: "5001", subscription: SUB } });
  });

  it("spec 26.5: the trial's $0 invoice (the month the order paid) is no month", () => {
    const object = { ...stripeEventFixture("invoice-paid").data.object, amount_paid: 0, amount_due: 0 };
    expect(stripeMonthlyNotice("invoice.paid", object)).toBeNull();
  });

  it("spec 26.5: invoice.payment_failed is a month not paid; customer.subscription.deleted ends the gift", () => {
    const failed = stripeEventFixture("invoice-payment-failed");
    expect(stripeMonthlyNotice(failed.type, failed.data.object)).toMatchObject({
      charge: { gift: "5001", paid: false, amountCents: 1250 },
    });
    const deleted = stripeEventFixture("customer-subscription-deleted");
    expect(stripeMonthlyNotice(deleted.type, deleted.data.object)).toEqual({
      ended: { gift: "5001", subscription: SUB },
    });
  });

  it("spec 26.5: the next month is a month after, kept within a short month", () => {
    expect(nextMonthOf(new Date("2026-01-31T10:00:00Z")).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(nextMonthOf(new Date("2026-11-28T10:00:00Z")).toISOString()).toBe("2026-12-28T10:00:00.000Z");
  });
});
