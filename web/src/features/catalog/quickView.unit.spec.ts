import { describe, expect, it } from "vitest";
import { includedVisible } from "./ProductSliders";
import { quickViewQuantityError } from "./QuickViewPanel";

describe("quick view and what's included", () => {
  it("quick view quantity: digits only, not null, min 1, max 999", () => {
    expect(quickViewQuantityError("1")).toBeNull();
    expect(quickViewQuantityError("999")).toBeNull();
    expect(quickViewQuantityError("")).toBe("This field is required.");
    expect(quickViewQuantityError("0")).not.toBeNull();
    expect(quickViewQuantityError("1000")).not.toBeNull();
    expect(quickViewQuantityError("2a")).not.toBeNull();
  });

  it("what's included shows the first 3 only when there are more than 4", () => {
    expect(includedVisible(6, false)).toBe(3);
    expect(includedVisible(6, true)).toBe(6);
    expect(includedVisible(4, false)).toBe(4);
  });
});
