import { describe, expect, it } from "vitest";
import type { ProductAttribute, Sku } from "./catalogTypes";
import { enabledValues, lowestTierPrice, pick, resolve } from "./productOptions";

const attrs: ProductAttribute[] = [
  { slug: "size", title: "Size", values: ["s", "m", "l"].map((v) => ({ label: v.toUpperCase(), value: v })) },
  { slug: "color", title: "Color", values: ["red", "blue"].map((v) => ({ label: v, value: v })) },
];
const sku = (id: number, size: string, color: string, price: number): Sku => ({
  id,
  sku: `30-1-${id}`,
  name: `T-${id}`,
  product_id: 1,
  url: "/store/products/1/",
  image: null,
  category: "30",
  format: "Apparel",
  upc: "",
  isbn: "",
  dimensions: "",
  price: price.toFixed(2),
  price_float: price,
  price_cents: price * 100,
  original_price: null,
  original_price_cents: null,
  price_tiers: [],
  stock: null,
  is_sold_out: false,
  is_backordered: false,
  restock_future: false,
  restock_date: null,
  allow_returns: true,
  digital: false,
  user_defined_price: false,
  campaign: null,
  attributes: [
    { slug: "size", value: size },
    { slug: "color", value: color },
  ],
  active: true,
});
const skus = [sku(1, "s", "red", 10), sku(2, "m", "red", 12), sku(3, "m", "blue", 11), sku(4, "l", "blue", 14)];

describe("product options", () => {
  it("options are picked in order: a later option is closed until the earlier ones are picked", () => {
    expect(enabledValues(attrs, skus, {}, 1)).toEqual(new Set());
    expect(enabledValues(attrs, skus, {}, 0)).toEqual(new Set(["s", "m", "l"]));
  });

  it("only combinations that exist are enabled", () => {
    expect(enabledValues(attrs, skus, { size: "s" }, 1)).toEqual(new Set(["red"]));
    expect(enabledValues(attrs, skus, { size: "m" }, 1)).toEqual(new Set(["red", "blue"]));
  });

  it("changing an earlier option drops a later pick that no longer exists", () => {
    expect(pick(attrs, skus, { size: "m", color: "blue" }, "size", "s")).toEqual({ size: "s" });
    expect(pick(attrs, skus, { size: "m", color: "red" }, "size", "s")).toEqual({ size: "s", color: "red" });
  });

  it("a full match selects the SKU; otherwise the cheapest matching price shows and nothing is selected", () => {
    expect(resolve(attrs, skus, { size: "m", color: "blue" }).selected?.id).toBe(3);
    const partial = resolve(attrs, skus, { size: "m" });
    expect(partial.selected).toBeNull();
    expect(partial.cheapest?.price).toBe("11.00");
  });

  it("the bulk-pricing link shows the lowest tier price only with more than 1 tier", () => {
    const tiers = [
      { min_quantity: 10, price: "9.99", price_cents: 999 },
      { min_quantity: 50, price: "7.99", price_cents: 799 },
    ];
    expect(lowestTierPrice({ ...skus[0], price_tiers: tiers })).toBe("7.99");
    expect(lowestTierPrice({ ...skus[0], price_tiers: tiers.slice(0, 1) })).toBeNull();
  });
});
