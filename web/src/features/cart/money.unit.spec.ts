import { describe, expect, it } from "vitest";
import { orderTotalCents } from "../order-form/orderFormRules";
import { donationCents, donationDollars, donationOnBlur } from "./money";

describe("spec 26.5: donations keep their cents", () => {
  it("spec 26.5: $12.50 stays $12.50 on the donate page, the cart box and the order form", () => {
    expect(donationCents("12.50")).toBe(1250);
    expect(donationCents("$12.5")).toBe(1250);
    expect(donationDollars(donationCents("12.50"))).toBe(12.5);
    expect(orderTotalCents([], {}, "12.50")).toBe(1250);
  });
  it("spec 26.5: a donation is formatted as money on blur; not a number or below zero is emptied", () => {
    expect(donationOnBlur("12.5")).toBe("12.50");
    expect(donationOnBlur("$1,000")).toBe("1000.00");
    expect(donationOnBlur("abc")).toBe("");
    expect(donationOnBlur("-5")).toBe("");
  });
});
