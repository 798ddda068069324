import { describe, expect, it } from "vitest";
import { orderStream } from "@shop/shared";
import { createApp } from "../app.ts";
import { productGiven, skuGiven } from "../catalog/catalog-spec-fixtures.ts";
import { FIXTURE_ORDER, orderPlaced } from "../orders/order-fixtures.ts";
import { createLogger } from "../platform/logger.ts";
import { apiSpec } from "../testing/api-spec.ts";
import { stripeForSpecs } from "../testing/stripe-for-specs.ts";
import { STALE_HOLD_MS, startStaleHoldSweeper } from "./stale-hold-sweeper.ts";
import { stripeFixture } from "./stripe-fixture-server.ts";

// docs/checkout.md, "Stripe": a card confirmed in Stripe's Payment Element whose form was never posted
// (the tab closed) holds the amount on the shopper's card until Stripe drops it after 7 days. The
// leader's sweep gives back the shop's own holds older than an hour that no order names.
const NOW = new Date("2026-11-28T12:00:00.000Z");
const seconds = (ms: number) => Math.floor(ms / 1000);
const stripe = stripeForSpecs();
const spec = apiSpec((deps) => createApp({ ...deps, paymentGateway: stripe.gateway }), { clock: () => NOW });

/** The fixtures' card order, paid through the PaymentIntent `pi_named` (the orders read model names it). */
function orderNaming(reference: string) {
  const placed = orderPlaced("card");
  if (placed.type !== "OrderPlaced") throw new Error("fixture");
  return [
    productGiven(70, { title: "Ark Poster" }),
    ...skuGiven(7, "POSTER", { priceCents: 2500, productId: 70, stock: 8 }),
    {
      streamId: orderStream(FIXTURE_ORDER),
      type: placed.type,
      data: { ...placed.data, payment: { ...placed.data.payment, gateway: "stripe", reference } },
    },
  ];
}

/** An intent as Stripe's list answers it, made two hours before NOW. */
const listed = (id: string, status: string, tag: string | null) => ({
  id,
  object: "payment_intent",
  amount: 5000,
  currency: "usd",
  status,
  created: seconds(NOW.getTime()) - 7200,
  metadata: tag ? { shop_checkout: tag } : {},
});
const page = (hasMore: boolean, ...data: ReturnType<typeof listed>[]) => ({
  status: 200,
  body: { object: "list", has_more: hasMore, data },
});

const sweeperOn = (deps: { db: Parameters<typeof startStaleHoldSweeper>[0]["db"] }, isLeader: boolean) =>
  startStaleHoldSweeper({
    db: deps.db,
    gateway: stripe.gateway,
    clock: () => NOW,
    log: createLogger("silent"),
    isLeader: () => isLeader,
    intervalMs: 3_600_000,
  });

describe("the stale hold sweep (Stripe)", () => {
  it("money: a hold confirmed in the browser and never posted is given back after an hour; other systems' intents, settled ones and one an order names are left", () =>
    spec
      .given(...orderNaming("pi_named"))
      .when((http) => http.visitor().get("/healthz"))
      .then(async ({ db }) => {
        const follower = sweeperOn({ db }, false);
        await follower.sweep(); // a process that does not lead the projections asks Stripe nothing
        await follower.stop();
        expect(stripe.requests).toEqual([]);

        stripe.answer(
          page(
            true,
            listed("pi_orphan", "requires_capture", "checkout-cart-1.r0"),
            listed("pi_other_system", "requires_capture", null),
            listed("pi_captured", "succeeded", "checkout-cart-2.r0"),
          ),
          page(
            false,
            listed("pi_named", "requires_capture", "checkout-cart-3.r0"),
            listed("pi_cancelled", "canceled", "checkout-cart-4.r1"),
          ),
          stripeFixture("payment-intent-cancel").response,
        );
        const sweeper = sweeperOn({ db }, true);
        await sweeper.sweep();
        await sweeper.stop();

        const window = {
          limit: "100",
          "created[gt]": String(seconds(NOW.getTime() - STALE_HOLD_MS - 24 * 3_600_000)),
          "created[lt]": String(seconds(NOW.getTime() - STALE_HOLD_MS)),
        };
        expect(stripe.requests.map((r) => [r.method, r.path, r.method === "GET" ? r.query : r.idempotencyKey])).toEqual(
          [
            ["GET", "/v1/payment_intents", window],
            ["GET", "/v1/payment_intents", { ...window, starting_after: "pi_captured" }],
            ["POST", "/v1/payment_intents/pi_orphan/cancel", "cancel-pi_orphan"],
          ],
        );
      }));
});
