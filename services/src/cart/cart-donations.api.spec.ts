import { describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";
import { productGiven, skuGiven } from "../catalog/catalog-spec-fixtures.ts";

// Issue 26 point 5: donations as first-class cart lines, cents kept.
const gift = (id: number, code: string, name: string): GivenEvent[] =>
  skuGiven(id, code, { name, format: "Donation", priceCents: 0, userDefinedPrice: true, campaign: "ark-main" });
const CATALOG: GivenEvent[] = [
  productGiven(1, { title: "Noah's Ark Book" }),
  ...skuGiven(100, "10-1-100", { productId: 1, priceCents: 1299 }),
  ...gift(900, "GeneralDonation", "General Donation"),
  ...gift(901, "Ark", "Ark Encounter Donation"),
];
const spec = apiSpec(createApp);
const put = (items: unknown[]) => ({ order: {}, discounts: [], items });

describe("spec 26.5: a donation keeps its cents", () => {
  it("spec 26.5: $12.50 stays $12.50 through add-to-cart (12.5) and PUT full-cart (12.5 as a number)", () =>
    spec
      .given(...CATALOG)
      .when(async (http) => {
        const visitor = http.visitor();
        const added = await visitor.get("/api/store/shop/add-to-cart/?GeneralDonation=12.5&x=1");
        expect(added.json.items).toEqual([
          expect.objectContaining({ sku_code: "GeneralDonation", quantity: 12.5, price: "12.50", price_cents: 1250 }),
        ]);
        return visitor.request("PUT", "/api/store/shop/full-cart/", put([{ sku_code: "Ark", quantity: 7.25 }]));
      })
      .then(({ response }) => {
        expect(response.status).toBe(200);
        expect(response.json.items.map((i: { quantity: number; price: string }) => [i.quantity, i.price])).toEqual([
          [12.5, "12.50"],
          [7.25, "7.25"],
        ]);
        expect(response.json.order).toMatchObject({ subtotal: "19.75", subtotal_cents: 1975 });
      }));
});
