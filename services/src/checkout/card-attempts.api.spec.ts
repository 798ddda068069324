import { describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { productGiven, skuGiven } from "../catalog/catalog-spec-fixtures.ts";
import { apiSpec } from "../testing/api-spec.ts";
import type { TestClient } from "../testing/http-client.ts";
import {
  BILLING,
  BOOK,
  CHECKOUT_CATALOG,
  DOWNLOAD,
  DECLINED_CARD,
  GOOD_CARD,
  throughShipping,
} from "./checkout-fixtures.ts";

const spec = apiSpec(createApp);
const C = "/api/store/shop/checkout/";
const Q = "/api/store/shop/quick-checkout/";
const MEMBERSHIP = "90-8-111";
const given = spec.given(
  ...CHECKOUT_CATALOG,
  productGiven(41, { title: "Annual Membership" }),
  ...skuGiven(163, MEMBERSHIP, { productId: 41, format: "Individual Membership", priceCents: 9900 }),
);
const types = (events: Array<{ type: string }>) => events.map((e) => e.type);
const count = (events: Array<{ type: string }>, type: string) => types(events).filter((t) => t === type).length;
const THROTTLED =
  "Too many card payments were declined. Please wait a while before trying again, or choose another payment method.";

/** A new checkout (cart) standing at step 4. */
async function checkoutAtPayment(shopper: TestClient, sku = BOOK) {
  await shopper.get(`/api/store/shop/add-to-cart/?${sku}=1`);
  await throughShipping(shopper);
}

function expectThrottled(response: { status: number; json: any; headers: Headers }, atMostSeconds: number) {
  expect(response.status).toBe(429);
  expect(response.json.metadata).toMatchObject({
    success: false,
    code: "PAYMENT_THROTTLED",
    message: THROTTLED,
    errors: [`__all__: ${THROTTLED}`],
  });
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(atMostSeconds);
}

describe("declined card attempts are limited (card testing)", () => {
  it("security 7: the 6th declined attempt on one checkout is a 429 with Retry-After, and a good card too: the gateway is not asked", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await checkoutAtPayment(shopper);
        // Other names on the card each time: the checkout's own limit, not the card's, refuses.
        for (let i = 1; i <= 5; i++) {
          const declined = await shopper.post(`${C}payment/`, { ...DECLINED_CARD, name_on_card: `Tester ${i}` });
          expect(declined.status).toBe(402);
        }
        const sixth = await shopper.post(`${C}payment/`, { ...DECLINED_CARD, name_on_card: "Tester 6" });
        expectThrottled(sixth, 15 * 60);
        const good = await shopper.post(`${C}payment/`, GOOD_CARD);
        expectThrottled(good, 15 * 60);
        // A check is not a card attempt: the shopper can still order.
        const check = await shopper.post(`${C}payment/`, { payment_type: "check" });
        expect(check.status).toBe(200);
        return good;
      })
      .then(({ newEvents }) => {
        // Five attempts reached the gateway; the refused ones wrote nothing, took no stock.
        expect(count(newEvents, "CheckoutPaymentStarted")).toBe(6);
        expect(count(newEvents, "CheckoutPaymentFailed")).toBe(5);
        const placed = newEvents.filter((e) => e.type === "OrderPlaced").map((e) => e.data);
        expect(placed).toEqual([expect.objectContaining({ payment: expect.objectContaining({ type: "check" }) })]);
      }));

  it("security 7: one card declined on several checkouts hits the card's limit; another card there is still asked", () =>
    given
      .when(async (http) => {
        // 2 + 2 + 1 declines of one card (last four, expiry, name) on three checkouts: no checkout's limit is spent.
        for (const tries of [2, 2, 1]) {
          const shopper = http.visitor();
          await checkoutAtPayment(shopper);
          for (let i = 0; i < tries; i++) expect((await shopper.post(`${C}payment/`, DECLINED_CARD)).status).toBe(402);
        }
        const fourth = http.visitor();
        await checkoutAtPayment(fourth);
        const sameCard = await fourth.post(`${C}payment/`, { ...DECLINED_CARD, name_on_card: "  NOAH   builder " });
        expectThrottled(sameCard, 24 * 60 * 60);
        return fourth.post(`${C}payment/`, { ...DECLINED_CARD, name_on_card: "Ham Builder" });
      })
      .then(({ response }) => expect(response.status).toBe(402)));

  it("security 7: one address declined on many checkouts with many cards hits the address's limit", () =>
    given
      .when(async (http) => {
        for (let i = 1; i <= 10; i++) {
          const shopper = http.visitor();
          await checkoutAtPayment(shopper);
          const declined = await shopper.post(`${C}payment/`, { ...DECLINED_CARD, name_on_card: `Tester ${i}` });
          expect(declined.status).toBe(402);
        }
        const next = http.visitor();
        await checkoutAtPayment(next);
        return next.post(`${C}payment/`, { ...DECLINED_CARD, name_on_card: "Tester 11" });
      })
      .then(({ response }) => expectThrottled(response, 60 * 60)));

  it("security 7: the quick checkout's 6th declined attempt from one browser is a 429 before the gateway", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        const form = (i: number) => ({
          sku: MEMBERSHIP,
          ...BILLING,
          ship_to: "billing",
          primary_first_name: "Noah",
          primary_last_name: "Builder",
          ...DECLINED_CARD,
          name_on_card: `Tester ${i}`,
        });
        for (let i = 1; i <= 5; i++)
          expect((await shopper.post(Q, form(i), { "idempotency-key": `qc-${i}` })).status).toBe(402);
        return shopper.post(Q, form(6), { "idempotency-key": "qc-6" });
      })
      .then(({ response, newEvents }) => {
        expectThrottled(response, 15 * 60);
        expect(count(newEvents, "QuickCheckoutStarted")).toBe(5);
      }));

  it("a successful payment does not count: eleven good orders from one address, then a decline is still a 402", () =>
    given
      .when(async (http) => {
        for (let i = 0; i < 11; i++) {
          const shopper = http.visitor();
          await checkoutAtPayment(shopper, DOWNLOAD);
          expect((await shopper.post(`${C}payment/`, GOOD_CARD)).status).toBe(200);
        }
        const shopper = http.visitor();
        await checkoutAtPayment(shopper);
        return shopper.post(`${C}payment/`, DECLINED_CARD);
      })
      .then(({ response }) => expect(response.status).toBe(402)));
});
