import { describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { productGiven, skuGiven } from "../catalog/catalog-spec-fixtures.ts";
import { DECLINED_CARD, GOOD_CARD, throughShipping } from "../checkout/checkout-fixtures.ts";
import type { PaymentGateway } from "../payments/payment-gateway.ts";
import { createTestGateway, DECLINED_TEST_CARD } from "../payments/test-gateway.ts";
import { apiSpec } from "../testing/api-spec.ts";

/**
 * The test gateway, with a bank that takes its time to decline: each declined authorisation waits
 * until the test lets it go, as a real card network's answer takes a second or two while a card-testing
 * script keeps several attempts in flight.
 */
function slowDeclines() {
  const inner = createTestGateway();
  const waiting: Array<() => void> = [];
  let arrived: () => void = () => {};
  let nextArrival = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const gateway: PaymentGateway = {
    ...inner,
    async authorise(input) {
      const card = "card" in input.source ? input.source.card.number.replace(/\D/g, "") : "";
      if (card === DECLINED_TEST_CARD) {
        const released = new Promise<void>((resolve) => waiting.push(resolve));
        arrived();
        await released;
      }
      return inner.authorise(input);
    },
  };
  return {
    gateway,
    /** Resolves once a declined authorisation is in flight. */
    inFlight: () => nextArrival,
    releaseAll() {
      for (const release of waiting.splice(0)) release();
      nextArrival = new Promise<void>((resolve) => {
        arrived = resolve;
      });
    },
  };
}

const bank = slowDeclines();
const spec = apiSpec((deps) => createApp({ ...deps, paymentGateway: bank.gateway }));
const LAST = "10-8-800";
const C = "/api/store/shop/checkout/";

describe("a declined card holds nothing", () => {
  it("security 5: while declined payments for the last copies are in flight, a real buyer still buys them", () =>
    spec
      .given(
        productGiven(8, { title: "Last Two" }),
        ...skuGiven(800, LAST, { productId: 8, priceCents: 1000, stock: 2 }),
      )
      .when(async (http) => {
        const tester = http.visitor();
        const buyer = http.visitor();
        await tester.get(`/api/store/shop/add-to-cart/?${LAST}=2`);
        await buyer.get(`/api/store/shop/add-to-cart/?${LAST}=2`);
        await throughShipping(tester);
        await throughShipping(buyer);
        for (let round = 0; round < 2; round++) {
          const declined = tester.post(`${C}payment/`, DECLINED_CARD);
          await bank.inFlight();
          if (round === 1) {
            // The bad card is with the bank: the copies must still be there for a card that pays.
            const bought = await buyer.post(`${C}payment/`, GOOD_CARD);
            bank.releaseAll();
            expect((await declined).status).toBe(402);
            return bought;
          }
          bank.releaseAll();
          expect((await declined).status).toBe(402);
        }
        throw new Error("unreachable");
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        expect(response.json.metadata.success).toBe(true);
        // Only the paid order ever took stock: 2 → 0, once.
        const stock = newEvents
          .filter((e) => e.type === "SkuStockChanged")
          .map((e) => (e.data as { stock: number }).stock);
        expect(stock).toEqual([0]);
        expect(newEvents.filter((e) => e.type === "OrderPlaced")).toHaveLength(1);
      }));
});
