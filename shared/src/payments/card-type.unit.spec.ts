import { describe, expect, it } from "vitest";
import { cardTypeFor, maxCardLength } from "./card-type.ts";

describe("the card type comes from the first digit within the type's length", () => {
  it.each([
    ["3", "Amex"],
    ["378282246310005", "Amex"],
    ["3782822463100051", null],
    ["4", "Visa"],
    ["4111111111111111", "Visa"],
    ["41111111111111111", null],
    ["5", "MasterCard"],
    ["5555555555554444", "MasterCard"],
    ["55555555555544441", null],
    ["6", "Discover"],
    ["6011111111111117", "Discover"],
    ["60111111111111171", null],
    ["4111 1111-1111 1111", "Visa"],
    ["1234", null],
    ["7", null],
    ["", null],
    ["abc", null],
  ])("%j is %s", (number, type) => {
    expect(cardTypeFor(number)).toBe(type);
  });
});

describe("Amex has at most 15 digits, the others 16", () => {
  it.each([
    ["Amex", 15],
    ["Visa", 16],
    ["MasterCard", 16],
    ["Discover", 16],
    [null, 16],
  ] as const)("%s: %i", (type, length) => {
    expect(maxCardLength(type)).toBe(length);
  });
});
