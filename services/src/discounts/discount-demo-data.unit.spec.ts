import { describe, expect, it } from "vitest";
import { checkDiscount, NEGATIVE_COUPON_ANSWERS, type DiscountTerms } from "@shop/shared";
import { DEMO_DISCOUNTS } from "./discount-demo-data.ts";

const none: DiscountTerms = {
  description: "",
  percentOff: null,
  amountOffCents: null,
  minSubtotalCents: 0,
  requiresUser: false,
  requiresGroup: null,
  requiredSkus: [],
  requiredQuantity: 0,
  starts: null,
  ends: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  active: true,
  freeShipping: false,
  freeShippingMethods: [],
};

describe("demo discounts", () => {
  it("a discount for every rule: a visitor with one cheap item meets every refusal but 'not found'", () => {
    const cart = { goodsCents: 1000, lines: [{ skuCode: "10-1-100", quantity: 1 }] };
    const visitor = { signedIn: false, groups: [] };
    const member = { signedIn: true, groups: [] };
    const answers = new Set<string>();
    for (const { code, ...terms } of DEMO_DISCOUNTS)
      for (const shopper of [visitor, member]) {
        const check = checkDiscount(
          { ...none, ...terms, id: 1, code },
          cart,
          shopper,
          new Date("2026-11-23T12:00:00Z"),
        );
        answers.add(check.ok ? "applies" : check.message);
      }
    expect([...answers].sort()).toEqual(
      ["applies", ...NEGATIVE_COUPON_ANSWERS.filter((m) => m !== "Discount not found!")].sort(),
    );
  });
});
