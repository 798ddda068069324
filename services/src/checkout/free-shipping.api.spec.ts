import { describe, expect, it } from "vitest";
import { discountStream } from "@shop/shared";
import { createApp } from "../app.ts";
import { discount } from "../cart/cart-fixtures.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";
import { signedInUser } from "../testing/spec-users.ts";
import { BILLING, BOOK, CHECKOUT_CATALOG, GOOD_CARD, SAME_AS_BILLING } from "./checkout-fixtures.ts";

const spec = apiSpec(createApp);
const C = "/api/store/shop/checkout/";
const at = new Date().toISOString();
const edna = signedInUser("edna@example.org", "Edna Editor");

function created(code: string, terms: Record<string, unknown>): GivenEvent {
  const { id, ...rest } = discount(code, { percentOff: null, ...terms });
  return { streamId: discountStream(code), type: "DiscountCreated", data: { ...rest, id, createdAt: at, by: null } };
}
const SHIPFREE = created("SHIPFREE", { id: 7, freeShipping: true, freeShippingMethods: ["standard"] });

describe("free-shipping discounts at checkout", () => {
  it("a free-shipping discount shows the methods it covers at $0.00 and the order total has no shipping", () =>
    spec
      .given(...CHECKOUT_CATALOG, SHIPFREE)
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=2`);
        await shopper.get('/api/store/shop/apply-discounts/?discounts=["SHIPFREE"]');
        await shopper.post(`${C}info/`, BILLING);
        await shopper.post(`${C}delivery/`, SAME_AS_BILLING);
        const options = await shopper.get(`${C}shipping/`);
        expect(options.json.methods.map((m: { code: string; price: string }) => [m.code, m.price])).toEqual([
          ["standard", "0.00"],
          ["two_day", "16.99"],
          ["overnight", "32.99"],
        ]);
        await shopper.post(`${C}shipping/`, { shipping_method: "standard" });
        expect((await shopper.get(`${C}payment/`)).json.total).toBe("25.98");
        return shopper.post(`${C}payment/`, GOOD_CARD);
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        expect(newEvents.find((e) => e.type === "OrderPlaced")?.data).toMatchObject({
          shippingMethod: { code: "standard", cents: 0 },
          totals: { goodsCents: 2598, shippingCents: 0, totalCents: 2598 },
        });
      }));

  it("staff create a free-shipping discount with nothing else off; the form answers its fields", () =>
    spec
      .given(edna)
      .when(async (http) => {
        const made = await http.as(edna).post("/admin/api/store/discount/", {
          code: "shipfree",
          description: "Free standard shipping",
          free_shipping: true,
          free_shipping_methods: ["standard"],
        });
        return http.as(edna).get(`/admin/api/store/discount/${made.json.id}/`);
      })
      .then(({ response, newEvents }) => {
        expect(response.json).toMatchObject({
          code: "SHIPFREE",
          free_shipping: true,
          free_shipping_methods: ["standard"],
        });
        expect(newEvents.find((e) => e.type === "DiscountCreated")?.data).toMatchObject({
          percentOff: null,
          amountOffCents: null,
          freeShipping: true,
          freeShippingMethods: ["standard"],
        });
      }));

  it("a discount with neither an amount nor free shipping is refused", () =>
    spec
      .given(edna)
      .when((http) => http.as(edna).post("/admin/api/store/discount/", { code: "NOTHING" }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toEqual(["__all__: Give either percent_off or amount_off_cents."]);
        expect(newEvents).toEqual([]);
      }));
});
