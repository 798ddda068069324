import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { campaignStream } from "@shop/shared";
import { createApp } from "../app.ts";
import type { PaymentGateway } from "../payments/payment-gateway.ts";
import { createStripeGateway } from "../payments/stripe-gateway.ts";
import { startStripeFixtureServer, type StripeFixtureServer } from "../payments/stripe-fixture-server.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";
import { CHECKOUT_CATALOG, GIFT, GOOD_CARD } from "./checkout-fixtures.ts";

// Issue 26, leftover 3: give-now on a shop whose gateway is Stripe. Stripe takes the card in its own
// elements (the checkout's payment step confirms a PaymentIntent in the browser); give-now's form has
// card fields of its own, which Stripe mode never takes. So the gift is refused at once, as a card is
// on a shop with no card gateway: nothing sent to Stripe, nothing written, no decline counted.
const Q = "/api/store/shop/quick-donation/";
const ARK: GivenEvent = {
  streamId: campaignStream("ark-main"),
  type: "CampaignCreated",
  data: {
    id: 1,
    slug: "ark-main",
    name: "Build the Ark",
    goalCents: 50_000_000,
    startsAt: null,
    endsAt: null,
    createdAt: new Date().toISOString(),
  },
};
const { payment_type: _card, ...CARD } = GOOD_CARD;
const FORM = { fund: GIFT, amount: "12.50", email: "noah@example.org", ...CARD };

let stripe: StripeFixtureServer;
let gateway: PaymentGateway;
beforeAll(async () => {
  stripe = await startStripeFixtureServer();
  gateway = createStripeGateway({
    secretKey: "sk_test_fixture123",
    publishableKey: "pk_test_fixture123",
    baseUrl: stripe.url,
    retryDelayMs: 1,
  });
});
afterAll(() => stripe.close());
beforeEach(() => stripe.reset());

const spec = apiSpec((deps) => createApp({ ...deps, paymentGateway: gateway }));
const given = spec.given(...CHECKOUT_CATALOG, ARK);

describe("spec 26.5: give-now with the Stripe gateway (fixture server)", () => {
  it("spec 26.5 give-now's card fields are refused in Stripe mode: PAYMENT_NOT_CONFIGURED, nothing sent to Stripe, nothing written", () =>
    given
      .when(async (http) => {
        const giver = http.visitor();
        const first = await giver.post(Q, FORM, { "idempotency-key": "stripe-gift-1" });
        // Refused every time alike: a refusal is no declined card, so the card-attempt limits never answer 429.
        for (let i = 2; i <= 6; i++)
          expect((await giver.post(Q, FORM, { "idempotency-key": `stripe-gift-${i}` })).status).toBe(400);
        const status = await giver.get("/api/store/campaign-status/?campaign=ark-main");
        expect(status.json).toMatchObject({ raised_cents: 0, donors: 0 });
        return first;
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata).toMatchObject({ success: false, code: "PAYMENT_NOT_CONFIGURED" });
        expect(stripe.requests).toEqual([]);
        expect(newEvents.map((e) => e.type)).toEqual([]);
      }));

  it("spec 26.5 give-now's form errors still come first in Stripe mode: a bad amount is named, nothing written", () =>
    given
      .when((http) => http.visitor().post(Q, { ...FORM, amount: "0.50" }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toContain("amount: Please enter an amount of $1.00 or more.");
        expect(stripe.requests).toEqual([]);
        expect(newEvents).toEqual([]);
      }));
});
