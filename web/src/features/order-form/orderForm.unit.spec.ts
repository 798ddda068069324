import { describe, expect, it } from "vitest";
import { NOT_A_QUANTITY, orderTotalCents, quantityProblem, sectionsOf } from "./orderFormRules";

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

describe("spec 26.8: the order form on a phone", () => {
  it("spec 26.8: a quantity that is not a whole number is refused at once; empty and whole numbers pass", () => {
    expect(quantityProblem("")).toBeNull();
    expect(quantityProblem(" 3 ")).toBeNull();
    expect(quantityProblem("x")).toBe(NOT_A_QUANTITY);
    expect(quantityProblem("2.5")).toBe(NOT_A_QUANTITY);
    expect(quantityProblem("-1")).toBe(NOT_A_QUANTITY);
  });
  it("spec 26.8: SKUs are grouped by category, sections named for people and in the order of their names", () => {
    const skus = [
      { sku: "a", category: "magazine-sub" },
      { sku: "b", category: "books" },
      { sku: "c", category: "magazine-sub" },
    ];
    expect(sectionsOf(skus).map((s) => [s.title, s.skus.map((x) => x.sku)])).toEqual([
      ["Books", ["b"]],
      ["Magazine subscriptions", ["a", "c"]],
    ]);
  });
});
