import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcile, stripeCharges } from "./reconcile.ts";
import { createStripeApi } from "./stripe-api.ts";
import { startStripeFixtureServer } from "./stripe-fixture-server.ts";

// Stripe's record read through its list API, against the local stand-in (no network here).
describe("money 3: reconcile reads Stripe's list API", () => {
  let stripe: Awaited<ReturnType<typeof startStripeFixtureServer>>;
  beforeAll(async () => {
    stripe = await startStripeFixtureServer();
  });
  afterAll(() => stripe?.close());

  const intent = (id: string, status: string, amount: number, received: number) => ({
    id,
    object: "payment_intent",
    amount,
    amount_received: received,
    status,
    created: 1_795_000_000,
  });

  it("money 3: payment intents page by page (starting_after) and their refunds become the gateway's charges", async () => {
    stripe.answer(
      { status: 200, body: { object: "list", has_more: true, data: [intent("pi_1", "succeeded", 5000, 5000)] } },
      {
        status: 200,
        body: {
          object: "list",
          has_more: false,
          data: [intent("pi_2", "canceled", 700, 0), intent("pi_3", "requires_payment_method", 900, 0)],
        },
      },
      {
        status: 200,
        body: {
          object: "list",
          has_more: false,
          data: [{ id: "re_1", object: "refund", amount: 1500, payment_intent: "pi_1", status: "succeeded" }],
        },
      },
    );
    const request = createStripeApi({ secretKey: "sk_test_x", baseUrl: stripe.url });
    const since = new Date("2026-11-01T00:00:00.000Z");
    const charges = await stripeCharges(request, since);
    expect(stripe.requests.map((r) => [r.method, r.path, r.query])).toEqual([
      ["GET", "/v1/payment_intents", { limit: "100", "created[gte]": String(since.getTime() / 1000) }],
      [
        "GET",
        "/v1/payment_intents",
        { limit: "100", "created[gte]": String(since.getTime() / 1000), starting_after: "pi_1" },
      ],
      ["GET", "/v1/refunds", { limit: "100", "created[gte]": String(since.getTime() / 1000) }],
    ]);
    expect(charges.map((c) => [c.reference, c.capturedCents, c.refundedCents, c.voided])).toEqual([
      ["pi_1", 5000, 1500, false],
      ["pi_2", 0, 0, true],
    ]);
    // The order shows the Stripe dashboard's refund? Here it does not: listed as not reflected.
    const order = {
      number: "100001",
      reference: "pi_1",
      paidCents: 5000,
      refundedCents: 0,
      cancelled: false,
      placedAt: "",
    };
    expect(reconcile(charges, [order], new Date())).toEqual([
      "refund not reflected: order 100001 refunded $0.00, pi_1 refunded $15.00",
    ]);
  });
});
