import { describe, expect, it } from "vitest";
import { QuickCheckoutFormError, QuickDonationRequest, type SkuForCart } from "@shop/shared";
import { GOOD_CARD } from "./checkout-fixtures.ts";
import { decideQuickDonation } from "./quick-donation-decide.ts";

const NOW = new Date("2026-11-29T12:00:00Z");
const FUND: SkuForCart = {
  id: 190,
  code: "GeneralDonation",
  productId: null,
  title: "General Donation",
  format: "Donation",
  priceCents: 0,
  originalPriceCents: null,
  priceTiers: [],
  stock: null,
  backorder: false,
  restockDate: null,
  allowReturns: false,
  active: true,
  digital: false,
  userDefinedPrice: true,
  campaign: "ark-main",
  url: "/store/sku/GeneralDonation",
  imageUrl: null,
};
const form = (extra: Record<string, string> = {}) =>
  QuickDonationRequest.parse({ fund: FUND.code, amount: "12.50", email: "noah@example.org", ...GOOD_CARD, ...extra });
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof QuickCheckoutFormError) return error.fields;
    throw error;
  }
  throw new Error("not refused");
};

describe("spec 26.5: a gift in one form (decideQuickDonation)", () => {
  it("spec 26.5: $12.50 stays 1250 cents on one donation line toward the fund's campaign; the card names the giver", () => {
    const gift = decideQuickDonation(form({ org_name: "Grace Chapel" }), FUND, NOW);
    expect(gift.line).toMatchObject({ skuCode: "GeneralDonation", quantity: 1, totalCents: 1250 });
    expect(gift.line.donation).toEqual({ campaign: "ark-main" });
    expect(gift.totals).toEqual({
      goodsCents: 0,
      discountCents: 0,
      donationCents: 1250,
      shippingCents: 0,
      totalCents: 1250,
    });
    expect(gift.billing).toMatchObject({ first_name: "Noah", last_name: "Builder", org_name: "Grace Chapel" });
    expect(gift.payment("").type).toBe("card");
  });
  it("spec 26.5: a goods SKU or an inactive fund, under $1.00 or over $1,000,000 is refused by field", () => {
    expect(refusal(() => decideQuickDonation(form(), { ...FUND, userDefinedPrice: false }, NOW))).toMatchObject({
      fund: ["Please choose a fund to give to."],
    });
    expect(refusal(() => decideQuickDonation(form(), { ...FUND, active: false }, NOW))).toHaveProperty("fund");
    expect(refusal(() => decideQuickDonation(form({ amount: "0.99" }), FUND, NOW))).toEqual({
      amount: ["Please enter an amount of $1.00 or more."],
    });
    expect(refusal(() => decideQuickDonation(form({ amount: "1000000.01" }), FUND, NOW))).toEqual({
      amount: ["Please call us to give more than $1,000,000 at once."],
    });
  });
});
