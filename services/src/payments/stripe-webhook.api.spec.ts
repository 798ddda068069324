import { describe, expect, it } from "vitest";
import { NotVisibleYetError, orderStream, stripeEventStream, type OrderEvent } from "@shop/shared";
import { createApp } from "../app.ts";
import { productGiven, skuGiven } from "../catalog/catalog-spec-fixtures.ts";
import { FIXTURE_ORDER, orderDisputeOpened, orderPlaced, orderRefunded } from "../orders/order-fixtures.ts";
import { apiSpec, type GivenEvent, type SpecHttp, type SpecResponse } from "../testing/api-spec.ts";
import { signedInUser } from "../testing/spec-users.ts";
import { createTestGateway } from "./test-gateway.ts";
import { STRIPE_ORDERS_BEHIND, STRIPE_SIGNATURE_REFUSED } from "./stripe-webhook-router.ts";
import { deliverStripeEvent, RECORDED_PAYMENT_INTENT, stripeEventFixture } from "./stripe-webhook-fixtures.ts";
import { stripeSignatureHeader } from "./stripe-signature.ts";

const SECRET = "whsec_test_secret_for_the_specs";
const NOW = new Date("2026-11-28T12:00:00.000Z");
const T = Math.floor(NOW.getTime() / 1000);
const PI = RECORDED_PAYMENT_INTENT;
const edna = signedInUser("edna@example.org", "Edna Editor");

const spec = apiSpec(
  (deps) => createApp({ ...deps, paymentGateway: createTestGateway(), stripeWebhookSecret: SECRET }),
  { clock: () => NOW },
);
/** A server whose orders read model cannot catch up (rebuilding, or its database connection lost). */
const readModelBehind = apiSpec(
  (deps) =>
    createApp({
      ...deps,
      waitForProjections: async () => {
        throw new NotVisibleYetError();
      },
      paymentGateway: createTestGateway(),
      stripeWebhookSecret: SECRET,
    }),
  { clock: () => NOW },
);
const unconfigured = apiSpec((deps) => createApp({ ...deps, paymentGateway: createTestGateway() }), {
  clock: () => NOW,
});

/** The fixtures' $50 card order, paid through the PaymentIntent PI. */
function paidByStripe(): OrderEvent {
  const placed = orderPlaced("card");
  if (placed.type !== "OrderPlaced") throw new Error("fixture");
  return {
    ...placed,
    data: {
      ...placed.data,
      payment: { ...placed.data.payment, gateway: "stripe", reference: PI },
      held: { stock: [{ skuId: 7, quantity: 2 }], discountClaims: [] },
    },
  } as OrderEvent;
}
/**
 * The same order with its money not taken yet (the schema allows a card payment awaiting; the checkout
 * captures before placing, so only a later authorise-only flow would place one).
 */
function unpaidByStripe(): OrderEvent {
  const placed = paidByStripe();
  if (placed.type !== "OrderPlaced") throw new Error("fixture");
  return { ...placed, data: { ...placed.data, payment: { ...placed.data.payment, status: "awaiting" } } };
}
/** The SKU the order took 2 of (8 left), then the order's own events. */
const onOrder = (...events: OrderEvent[]): GivenEvent[] => [
  productGiven(70, { title: "Ark Poster" }),
  ...skuGiven(7, "POSTER", { priceCents: 2500, productId: 70, stock: 8 }),
  ...events.map((e) => ({ streamId: orderStream(FIXTURE_ORDER), type: e.type, data: e.data })),
];

/** Recorded Stripe events (fixtures/webhooks/), about PI unless told. */
const chargeRefunded = (id: string, amountRefundedCents: number) =>
  stripeEventFixture("charge-refunded", { id, amountRefundedCents });
const disputeCreated = (id: string, paymentIntent = PI) =>
  stripeEventFixture("charge-dispute-created", { id, paymentIntent });

/** POSTs the raw body with Stripe's headers (no cookie, no CSRF header), signed unless told otherwise. */
async function deliver(http: SpecHttp, event: unknown, signature: string | null = "good"): Promise<SpecResponse> {
  const signing = signature === "good" ? { secret: SECRET, t: T } : signature === null ? null : { header: signature };
  return (await deliverStripeEvent(http.url, event, signing)) as SpecResponse;
}

describe("money 2: Stripe webhooks", () => {
  it("money 2: a signed charge.refunded made in Stripe's dashboard becomes the order's refund, once", () =>
    spec
      .given(...onOrder(paidByStripe()))
      .when((http) => deliver(http, chargeRefunded("evt_refund_1", 5000)))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        expect(response.json).toEqual({ metadata: { success: true }, received: true });
        expect(newEvents.map((e) => [e.streamId, e.type])).toEqual([
          [orderStream(FIXTURE_ORDER), "OrderRefunded"],
          [orderStream(FIXTURE_ORDER), "OrderReleased"],
          ["sku-7", "SkuStockChanged"],
          [stripeEventStream("evt_refund_1"), "StripeEventTaken"],
        ]);
        expect(newEvents[0].data).toMatchObject({ amountCents: 5000, gateway: "stripe", reference: PI });
        expect(newEvents[2].data).toMatchObject({ stock: 10 });
        expect(newEvents[3].data).toMatchObject({ eventId: "evt_refund_1", orderNumber: FIXTURE_ORDER });
      }));

  it("money 2: a refund the shop made itself is not applied twice when Stripe reports it", () =>
    spec
      .given(...onOrder(paidByStripe(), orderRefunded(2000)))
      .when((http) => deliver(http, chargeRefunded("evt_refund_2", 2000)))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        expect(newEvents.map((e) => e.type)).toEqual(["StripeEventTaken"]);
      }));

  it("money 2: a notice delivered again finishes a put-back that died half way (refund recorded, stock not back)", () =>
    spec
      .given(...onOrder(paidByStripe(), orderRefunded(5000)))
      .when((http) => deliver(http, chargeRefunded("evt_refund_retry", 5000)))
      .then(({ newEvents }) => {
        expect(newEvents.map((e) => e.type)).toEqual(["OrderReleased", "SkuStockChanged", "StripeEventTaken"]);
      }));

  it("money 2: a further refund in Stripe adds only the difference", () =>
    spec
      .given(...onOrder(paidByStripe(), orderRefunded(2000)))
      .when((http) => deliver(http, chargeRefunded("evt_refund_3", 3500)))
      .then(({ newEvents }) => {
        expect(newEvents[0]).toMatchObject({ type: "OrderRefunded", data: { amountCents: 1500 } });
      }));

  it("money 2: a redelivered event is answered 2xx and changes nothing", () =>
    spec
      .given(...onOrder(paidByStripe()))
      .when(async (http) => {
        await deliver(http, chargeRefunded("evt_again", 5000));
        return deliver(http, chargeRefunded("evt_again", 5000));
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        expect(response.json).toEqual({ metadata: { success: true }, received: true, duplicate: true });
        expect(newEvents.filter((e) => e.type === "OrderRefunded")).toHaveLength(1);
        expect(newEvents.filter((e) => e.type === "StripeEventTaken")).toHaveLength(1);
      }));

  it("money 2: charge.dispute.created flags the order as disputed for staff", () =>
    spec
      .given(...onOrder(paidByStripe()))
      .when((http) => deliver(http, disputeCreated("evt_dispute_1")))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        expect(newEvents.map((e) => e.type)).toEqual(["OrderDisputeOpened", "StripeEventTaken"]);
        expect(newEvents[0].data).toMatchObject({ number: FIXTURE_ORDER, reason: "fraudulent" });
      }));

  it("money 2: a dispute on an order already disputed adds nothing", () =>
    spec
      .given(...onOrder(paidByStripe(), orderDisputeOpened))
      .when((http) => deliver(http, disputeCreated("evt_dispute_2")))
      .then(({ newEvents }) => expect(newEvents.map((e) => e.type)).toEqual(["StripeEventTaken"])));

  it("money 2: payment_intent.canceled for a placed order that holds no money yet cancels it and puts its stock back", () =>
    spec
      .given(...onOrder(unpaidByStripe()))
      .when((http) => deliver(http, stripeEventFixture("payment-intent-canceled", { id: "evt_cancel" })))
      .then(({ newEvents }) => {
        expect(newEvents.map((e) => e.type)).toEqual([
          "OrderCancelled",
          "OrderReleased",
          "SkuStockChanged",
          "StripeEventTaken",
        ]);
        expect(newEvents[0].data).toMatchObject({ reason: "Payment cancelled in Stripe", by: { name: "Stripe" } });
        expect(newEvents[2].data).toMatchObject({ stock: 10 });
      }));

  const lateNotices: Array<["payment-intent-payment-failed" | "payment-intent-canceled", string]> = [
    ["payment-intent-payment-failed", "an earlier card declined"],
    ["payment-intent-canceled", "a cancel Stripe could not have made"],
  ];
  it.each(lateNotices)("money 2: a late %s notice (%s) leaves an order whose payment was captured alone", (fixture) =>
    spec
      .given(...onOrder(paidByStripe()))
      .when((http) => deliver(http, stripeEventFixture(fixture, { id: `evt_late_${fixture}` })))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        expect(newEvents.map((e) => e.type)).toEqual(["StripeEventTaken"]);
        expect(newEvents[0].data).toMatchObject({ orderNumber: FIXTURE_ORDER });
      }),
  );

  it("money 2: a signed event about a payment the shop has no order for is answered 2xx and ignored", () =>
    spec
      .given(...onOrder(paidByStripe()))
      .when((http) => deliver(http, disputeCreated("evt_unknown", "pi_3SomethingElse")))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        expect(newEvents.map((e) => e.type)).toEqual(["StripeEventTaken"]);
        expect(newEvents[0].data).toMatchObject({ orderNumber: null });
      }));

  it("money 2: a notice about a payment not found while the orders read model is behind is answered 503 and not claimed", () =>
    readModelBehind
      .given(...onOrder(paidByStripe()))
      .when((http) => deliver(http, disputeCreated("evt_behind", "pi_3NotReadYet")))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(503);
        expect(response.headers.get("retry-after")).toBe("60");
        expect(response.json).toMatchObject({ metadata: { code: "NOT_VISIBLE_YET", message: STRIPE_ORDERS_BEHIND } });
        expect(newEvents).toEqual([]);
      }));

  it("money 2: a notice about an order the read model already has is taken without waiting for it", () =>
    readModelBehind
      .given(...onOrder(paidByStripe()))
      .when((http) => deliver(http, disputeCreated("evt_known")))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        expect(newEvents.map((e) => e.type)).toEqual(["OrderDisputeOpened", "StripeEventTaken"]);
      }));

  it("money 2: payment_intent.succeeded adds nothing to the order (it recorded its capture when placed)", () =>
    spec
      .given(...onOrder(paidByStripe()))
      .when((http) => deliver(http, stripeEventFixture("payment-intent-succeeded", { id: "evt_ok" })))
      .then(({ newEvents }) => expect(newEvents.map((e) => e.type)).toEqual(["StripeEventTaken"])));

  it("money 2: payment_intent.payment_failed for a placed order that holds no money yet cancels it", () =>
    spec
      .given(...onOrder(unpaidByStripe()))
      .when((http) => deliver(http, stripeEventFixture("payment-intent-payment-failed", { id: "evt_failed" })))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        expect(newEvents.map((e) => e.type)).toEqual([
          "OrderCancelled",
          "OrderReleased",
          "SkuStockChanged",
          "StripeEventTaken",
        ]);
        expect(newEvents[0].data).toMatchObject({ reason: "Payment failed in Stripe" });
      }));

  it("money 2: the dispute puts the order in the disputed state on the staff record", () =>
    spec
      .given(...onOrder(paidByStripe()), edna)
      .when(async (http) => {
        expect((await deliver(http, disputeCreated("evt_dispute_state"))).status).toBe(200);
        return http.as(edna).get(`/admin/api/store/order/${FIXTURE_ORDER}/`);
      })
      .then(({ response }) => {
        expect(response.status).toBe(200);
        expect(response.json).toMatchObject({ number: FIXTURE_ORDER, state: "disputed" });
      }));

  it("money 2: a second charge.refunded (another event id) for the same refund adds nothing", () =>
    spec
      .given(...onOrder(paidByStripe()))
      .when(async (http) => {
        await deliver(http, chargeRefunded("evt_refund_a", 5000));
        return deliver(http, chargeRefunded("evt_refund_b", 5000));
      })
      .then(({ response, newEvents }) => {
        expect(response.json).toEqual({ metadata: { success: true }, received: true });
        expect(newEvents.map((e) => e.type)).toEqual([
          "OrderRefunded",
          "OrderReleased",
          "SkuStockChanged",
          "StripeEventTaken",
          "StripeEventTaken",
        ]);
      }));

  it("money 2: an event type the shop does not handle is answered 2xx and recorded only", () =>
    spec
      .given(...onOrder(paidByStripe()))
      .when((http) =>
        deliver(http, {
          ...stripeEventFixture("payment-intent-succeeded", { id: "evt_other" }),
          type: "payment_intent.amount_capturable_updated",
        }),
      )
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        expect(newEvents.map((e) => e.type)).toEqual(["StripeEventTaken"]);
      }));

  it("money 2: while the secret is rolled, a header with several v1 is accepted when one matches", () =>
    spec
      .given(...onOrder(paidByStripe()))
      .when((http) => {
        const event = disputeCreated("evt_rolled");
        const body = JSON.stringify(event);
        const old = stripeSignatureHeader(body, "whsec_the_old_secret", T).split(",")[1];
        const current = stripeSignatureHeader(body, SECRET, T).split(",")[1];
        return deliver(http, event, `t=${T},${old},${current},v0=ignored`);
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        expect(newEvents.map((e) => e.type)).toEqual(["OrderDisputeOpened", "StripeEventTaken"]);
      }));

  it("money 2: a signature within the 300 s tolerance is accepted", () =>
    spec
      .given(...onOrder(paidByStripe()))
      .when((http) => {
        const event = disputeCreated("evt_late");
        return deliver(http, event, stripeSignatureHeader(JSON.stringify(event), SECRET, T - 300));
      })
      .then(({ response }) => expect(response.status).toBe(200)));

  const refusals: Array<[string, (body: string) => string | null]> = [
    ["missing", () => null],
    ["signed with another secret", (body) => stripeSignatureHeader(body, "whsec_someone_else", T)],
    ["older than 300 s", (body) => stripeSignatureHeader(body, SECRET, T - 301)],
    ["from the future by more than 300 s", (body) => stripeSignatureHeader(body, SECRET, T + 301)],
    ["not in Stripe's format", () => "v1=abc"],
    ["of another body", () => stripeSignatureHeader("{}", SECRET, T)],
    ["with only an old secret's v1", (body) => stripeSignatureHeader(body, "whsec_the_old_secret", T)],
    ["with a v1 that is not hex", () => `t=${T},v1=${"z".repeat(64)}`],
    ["with no timestamp", (body) => stripeSignatureHeader(body, SECRET, T).replace(/^t=\d+,/, "")],
  ];
  it.each(refusals)("money 2: a signature %s is refused with 400 and nothing is written", (_name, sign) => {
    const event = chargeRefunded("evt_forged", 5000);
    return spec
      .given(...onOrder(paidByStripe()))
      .when((http) => deliver(http, event, sign(JSON.stringify(event))))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json).toMatchObject({
          metadata: { code: "INVALID_REQUEST", message: STRIPE_SIGNATURE_REFUSED },
        });
        expect(newEvents).toEqual([]);
      });
  });

  it("money 2: a signed body that is not a Stripe event is refused with 400", () =>
    spec
      .given()
      .when((http) => deliver(http, { hello: "world" }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(newEvents).toEqual([]);
      }));

  it("money 2: without STRIPE_WEBHOOK_SECRET the webhook is not served (404)", () =>
    unconfigured
      .given(...onOrder(paidByStripe()))
      .when((http) => deliver(http, chargeRefunded("evt_x", 5000)))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(404);
        expect(newEvents).toEqual([]);
      }));
});
