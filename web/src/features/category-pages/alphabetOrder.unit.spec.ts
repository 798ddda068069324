import { describe, expect, it } from "vitest";
import { alphabetRows, rowLetterOf } from "@shop/shared/category-pages/api";
import { orderPairs, runningTotalCents, settledQuantity } from "./alphabetOrder";

const items = [
  { sku: "16-2-101", price_cents: 499 },
  { sku: "16-2-105", price_cents: 349 },
];

describe("alphabet-order supplies (storefront §2, §5 order form)", () => {
  it("the running total is each quantity times its price", () => {
    expect(runningTotalCents(items, { "16-2-101": "2", "16-2-105": "3" })).toBe(2045);
  });

  it("a quantity that is not a number becomes 0 and the total is recalculated", () => {
    expect(runningTotalCents(items, { "16-2-101": "two", "16-2-105": "1" })).toBe(349);
    expect(settledQuantity("two")).toBe("0");
    expect(settledQuantity(" 3 ")).toBe("3");
  });

  it("only boxes above 0 are ordered", () => {
    expect(orderPairs(items, { "16-2-101": "0", "16-2-105": "2" })).toEqual({ "16-2-105": 2 });
  });

  it("supplies come in alphabet order, a row per first letter, signs and digits last", () => {
    const rows = alphabetRows([{ name: "crayons" }, { name: "3D Ark" }, { name: "Bookmarks" }, { name: "Activity" }]);
    expect(rows.map((r) => [r.letter, r.items.map((i) => i.name)])).toEqual([
      ["A", ["Activity"]],
      ["B", ["Bookmarks"]],
      ["C", ["crayons"]],
      ["#", ["3D Ark"]],
    ]);
    expect(rowLetterOf("  élan")).toBe("#");
  });
});
