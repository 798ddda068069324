import { describe, expect, it } from "vitest";
import { orderTotalCents } from "./OrderFormPage";

describe("the order form", () => {
  const skus = [
    { sku: "10-1-201", price_cents: 1499 },
    { sku: "10-1-301", price_cents: 999 },
  ];
  it("a quantity that is not a number becomes 0 and the total is recalculated", () => {
    expect(orderTotalCents(skus, { "10-1-201": "2", "10-1-301": "1" }, "")).toBe(3997);
    expect(orderTotalCents(skus, { "10-1-201": "two", "10-1-301": "1" }, "")).toBe(999);
  });
  it("a donation adds its amount", () => {
    expect(orderTotalCents(skus, {}, "25")).toBe(2500);
  });
});
