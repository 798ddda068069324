import { describe, expect, it } from "vitest";
import { cardFieldsFromSwipe, isSwipeInProgress } from "./cardSwipe";

const SWIPE = "%B4111111111111111^DOE/JOHN Q   ^2712101000000000000000000000000?";

describe("spec 11: a card swiped into the card number box fills the card fields", () => {
  it("spec 11: track 1 fills number, expiry month and year, and the name as printed", () => {
    expect(cardFieldsFromSwipe(SWIPE)).toEqual({
      card_number: "4111111111111111",
      exp_month: "12",
      exp_year: "2027",
      name_on_card: "JOHN Q DOE",
    });
  });
  it("spec 11: ordinary typing and a swipe still arriving fill nothing", () => {
    expect(cardFieldsFromSwipe("4111 1111")).toBeNull();
    expect(cardFieldsFromSwipe("%B4111111111111111^DOE/JOHN^27")).toBeNull();
    expect(isSwipeInProgress("%B4111111111111111^DOE/JOHN^27")).toBe(true);
    expect(isSwipeInProgress("%")).toBe(true);
    expect(isSwipeInProgress("4111")).toBe(false);
    expect(isSwipeInProgress(SWIPE)).toBe(false);
  });
  it("spec 11: a month outside 01-12 is not a swipe", () => {
    expect(cardFieldsFromSwipe("%B4111111111111111^DOE/JOHN^2713101?")).toBeNull();
  });
});
