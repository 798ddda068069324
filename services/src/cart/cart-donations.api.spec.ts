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
  // A SKU of no product (the magazine's free videos are such): it has no page to link to.
  ...skuGiven(500, "95-9-101", { name: "Dinosaurs and the Bible", format: "Video Download", priceCents: 0 }),
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

describe("spec 26.5: donations are first-class cart lines", () => {
  it("spec 26.5: a $25 and a $50 gift to two funds are two lines beside the goods, $75 counted once each", () =>
    spec
      .given(...CATALOG)
      .when(async (http) => {
        const visitor = http.visitor();
        await visitor.get("/api/store/shop/add-to-cart/?10-1-100=1&x=1");
        await visitor.get("/api/store/shop/add-to-cart/?GeneralDonation=25&x=2");
        await visitor.get("/api/store/shop/add-to-cart/?Ark=50&x=3");
        return visitor.get("/api/store/shop/full-cart/");
      })
      .then(({ response }) => {
        expect(response.json.items.map(pick)).toEqual([
          { sku_code: "10-1-100", title: "Noah's Ark Book", format: "", price: "12.99", url: "/store/sku/10-1-100" },
          { sku_code: "GeneralDonation", title: "General Donation", format: "", price: "25.00", url: "/donate/" },
          { sku_code: "Ark", title: "Ark Encounter Donation", format: "", price: "50.00", url: "/donate/" },
        ]);
        expect(response.json.order.subtotal).toBe("87.99");
      }));

  it("spec 26.5: no doubled words and no links to 404s: a gift links the donate page, a SKU of no product nothing", () =>
    spec
      .given(...CATALOG)
      .when(async (http) => {
        const visitor = http.visitor();
        await visitor.get("/api/store/shop/add-to-cart/?GeneralDonation=10&x=1");
        return visitor.request("PUT", "/api/store/shop/full-cart/", put([{ sku_code: "95-9-101", quantity: 1 }]));
      })
      .then(({ response }) => {
        const [video, general] = response.json.items; // goods first, then gifts
        expect(general.html).toBe(
          '<a class="cart-item-title" href="/donate/">General Donation</a> <span class="cart-item-code">GeneralDonation</span>',
        );
        expect(video).toMatchObject({ sku_code: "95-9-101", url: null });
        expect(video.html).toBe(
          '<span class="cart-item-title">Dinosaurs and the Bible</span> <span class="cart-item-format">Video Download</span> <span class="cart-item-code">95-9-101</span>',
        );
      }));
});

const pick = ({ sku_code, title, format, price, url }: Record<string, unknown>) => ({
  sku_code,
  title,
  format,
  price,
  url,
});
