import { describe, expect, it } from "vitest";
import {
  checkDiscount,
  normaliseCode,
  priceDiscounts,
  type Discount,
  type DiscountCart,
  type Shopper,
} from "./rules.ts";

const now = new Date("2026-11-23T12:00:00Z");
const base: Discount = {
  id: 1,
  code: "SAVE10",
  description: "10% off",
  percentOff: 10,
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
const cart: DiscountCart = {
  goodsCents: 5000,
  lines: [
    { skuCode: "10-1-100", quantity: 2 },
    { skuCode: "30-200", quantity: 1 },
  ],
};
const visitor: Shopper = { signedIn: false, groups: [] };
const member: Shopper = { signedIn: true, groups: [] };
const staff: Shopper = { signedIn: true, groups: ["staff"] };

const refused = (message: string) => ({ ok: false, message });
const saves = (amountSavedCents: number) => ({ ok: true, amountSavedCents });

// One row per rule: [rule, discount, cart, shopper, answer].
const table: Array<[string, Discount | null, DiscountCart, Shopper, unknown]> = [
  ["percent off takes the percent of the goods, rounded half up", base, cart, visitor, saves(500)],
  [
    "percent off rounds half up once (13% of 4.99 is 0.6487, saves 0.65)",
    { ...base, percentOff: 13 },
    { ...cart, goodsCents: 499 },
    visitor,
    saves(65),
  ],
  ["amount off takes the amount", { ...base, percentOff: null, amountOffCents: 700 }, cart, visitor, saves(700)],
  [
    "amount off never takes off more than the goods cost",
    { ...base, percentOff: null, amountOffCents: 9000 },
    cart,
    visitor,
    saves(5000),
  ],
  ["Discount not found!", null, cart, visitor, refused("Discount not found!")],
  [
    "Subtotal does not meet requirements",
    { ...base, minSubtotalCents: 5001 },
    cart,
    visitor,
    refused("Subtotal does not meet requirements"),
  ],
  ["a subtotal equal to the minimum meets it", { ...base, minSubtotalCents: 5000 }, cart, visitor, saves(500)],
  [
    "You do not meet the user requirements",
    { ...base, requiresUser: true },
    cart,
    visitor,
    refused("You do not meet the user requirements"),
  ],
  ["a signed-in shopper meets the user requirements", { ...base, requiresUser: true }, cart, member, saves(500)],
  [
    "You do not meet the group requirements",
    { ...base, requiresGroup: "staff" },
    cart,
    member,
    refused("You do not meet the group requirements"),
  ],
  ["a member of the group meets the group requirements", { ...base, requiresGroup: "staff" }, cart, staff, saves(500)],
  [
    "You do not have all the required items!",
    { ...base, requiredSkus: ["10-1-100", "50-1"] },
    cart,
    visitor,
    refused("You do not have all the required items!"),
  ],
  [
    "You do not have enough of the required items",
    { ...base, requiredSkus: ["10-1-100"], requiredQuantity: 3 },
    cart,
    visitor,
    refused("You do not have enough of the required items"),
  ],
  [
    "a required quantity with no required SKUs counts every item",
    { ...base, requiredQuantity: 3 },
    cart,
    visitor,
    saves(500),
  ],
  [
    "validity window: before it starts, You do not have the appropriate discount code",
    { ...base, starts: "2026-12-01T00:00:00Z" },
    cart,
    visitor,
    refused("You do not have the appropriate discount code"),
  ],
  [
    "validity window: once it ended, You do not have the appropriate discount code",
    { ...base, ends: "2026-11-23T12:00:00Z" },
    cart,
    visitor,
    refused("You do not have the appropriate discount code"),
  ],
  [
    "validity window: inside it the discount applies",
    { ...base, starts: "2026-11-01T00:00:00Z", ends: "2026-11-24T00:00:00Z" },
    cart,
    visitor,
    saves(500),
  ],
  [
    "You do not have the appropriate discount code (a discount staff switched off)",
    { ...base, active: false },
    cart,
    visitor,
    refused("You do not have the appropriate discount code"),
  ],
];

describe("discount rules (storefront §8 coupon answers)", () => {
  it.each(table)("%s", (_rule, discount, c, shopper, answer) => {
    expect(checkDiscount(discount, c, shopper, now)).toEqual(answer);
  });

  it("a discount that stops applying when the cart changes drops out and says why", () => {
    const discounts = new Map([["BIG", { ...base, code: "BIG", minSubtotalCents: 4000 }]]);
    expect(priceDiscounts(["BIG"], discounts, cart, visitor, now).applied).toHaveLength(1);
    const smaller = { ...cart, goodsCents: 3000, lines: [{ skuCode: "30-200", quantity: 1 }] };
    expect(priceDiscounts(["BIG"], discounts, smaller, visitor, now)).toEqual({
      applied: [],
      dropped: [{ code: "BIG", message: "Subtotal does not meet requirements" }],
    });
  });

  it("several discounts together never take off more than the goods cost", () => {
    const discounts = new Map<string, Discount>([
      ["A", { ...base, code: "A", percentOff: null, amountOffCents: 4000 }],
      ["B", { ...base, code: "B", percentOff: 50 }],
    ]);
    const priced = priceDiscounts(["A", "B"], discounts, cart, visitor, now);
    expect(priced.applied.map((a) => [a.discount.code, a.amountSavedCents])).toEqual([
      ["A", 4000],
      ["B", 1000],
    ]);
  });

  it("codes are upper-cased and trimmed", () => {
    expect(normaliseCode("  save10 ")).toBe("SAVE10");
  });
});
