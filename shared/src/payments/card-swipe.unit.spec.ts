import { describe, expect, it } from "vitest";
import { parseCardSwipe } from "./card-swipe.ts";

describe("a track-1 swipe fills the card number, name and expiry", () => {
  it("reads %B<number>^<LAST>/<FIRST>^<YYMM>…?", () => {
    const swipe =
      "%B4111111111111111^DOE/JOHN Q      ^2512101000000000000000000000000?;4111111111111111=25121010000000000000?";
    expect(parseCardSwipe(swipe)).toEqual({
      number: "4111111111111111",
      name: "JOHN Q DOE",
      fName: "JOHN Q",
      lName: "DOE",
      expires: "12/25",
      expMonth: "12",
      expYear: "2025",
      original: swipe,
    });
  });

  it.each([
    [
      "an Amex number",
      "%B378282246310005^SMITH/ANN^3001?",
      { number: "378282246310005", name: "ANN SMITH", expires: "01/30", expYear: "2030" },
    ],
    [
      "a name with no slash is all last name",
      "%B4111111111111111^ACME CHURCH^2706?",
      { name: "ACME CHURCH", fName: "", lName: "ACME CHURCH" },
    ],
    [
      "padding around the name is trimmed",
      "%B5555555555554444^  LEE  /  KIM  ^2803?",
      { name: "KIM LEE", fName: "KIM", lName: "LEE", expMonth: "03" },
    ],
    [
      "leading whitespace before the swipe is ignored",
      "  %B6011111111111117^RAY/AL^2911?",
      { number: "6011111111111117", expMonth: "11", expYear: "2029" },
    ],
  ])("%s", (_rule, swipe, expected) => {
    expect(parseCardSwipe(swipe)).toMatchObject(expected);
  });
});

describe("input that is not a swipe gives null", () => {
  it.each([
    ["a typed card number", "4111111111111111"],
    ["an empty box", ""],
    ["a swipe without its end sentinel", "%B4111111111111111^DOE/JOHN^2512101"],
    ["a track-2-only swipe", ";4111111111111111=25121010000000000000?"],
    ["a month of 00", "%B4111111111111111^DOE/JOHN^2500?"],
    ["a month of 13", "%B4111111111111111^DOE/JOHN^2513?"],
    ["a number too short", "%B41111^DOE/JOHN^2512?"],
  ])("%s", (_rule, input) => {
    expect(parseCardSwipe(input)).toBeNull();
  });
});
