import { describe, expect, it } from "vitest";
import { availabilityOf, restockInFuture } from "./availability.ts";

describe("SKU availability", () => {
  it.each([
    ["untracked stock is in stock", { stock: null, backorder: false }, "in_stock"],
    ["stock on hand is in stock", { stock: 3, backorder: false }, "in_stock"],
    ["no stock and no backorder is sold out", { stock: 0, backorder: false }, "sold_out"],
    ["no stock with backorder allowed is backordered", { stock: 0, backorder: true }, "backorder"],
  ] as const)("%s", (_rule, sku, expected) => {
    expect(availabilityOf(sku)).toBe(expected);
  });
  it("a restock date shows only while it is in the future", () => {
    expect(restockInFuture("2027-01-15", "2026-11-23")).toBe(true);
    expect(restockInFuture("2026-11-23", "2026-11-23")).toBe(false);
    expect(restockInFuture(null, "2026-11-23")).toBe(false);
  });
});
