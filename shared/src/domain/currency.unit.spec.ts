import { describe, expect, it } from "vitest";
import { formatCents, formatCurrency, isNumericKey, keepNumericCharacters, parseCurrencyToCents } from "./currency.ts";

describe("money is read into integer cents, ignoring $ and commas", () => {
  it.each([
    ["$1,234.5", 123450],
    ["1234.56", 123456],
    ["$ 12", 1200],
    [".5", 50],
    ["7.", 700],
    ["-3.25", -325],
    ["1.005", 101],
    ["1.004", 100],
    ["-0.001", 0],
    [19.99, 1999],
    ["", 0],
    ["abc", 0],
    ["12abc", 0],
    ["1.2.3", 0],
  ])("%j is %i cents", (text, cents) => {
    expect(parseCurrencyToCents(text)).toBe(cents);
  });
});

describe("cents are written with two decimals and optional thousands commas", () => {
  it.each([
    [123450, false, "1234.50"],
    [123450, true, "1,234.50"],
    [5, false, "0.05"],
    [0, true, "0.00"],
    [100000000, true, "1,000,000.00"],
    [99999, true, "999.99"],
    [-123456, true, "-1,234.56"],
  ])("%i cents with commas %s is %j", (cents, commas, text) => {
    expect(formatCents(cents, { commas })).toBe(text);
  });
});

describe("currency formatting strips $ and commas, falls back to 0.00 and shows two decimals", () => {
  it.each([
    ["$1,234.5", {}, "1234.50"],
    ["$1,234.5", { commas: true }, "1,234.50"],
    ["1234567.891", { commas: true }, "1,234,567.89"],
    ["", {}, "0.00"],
    ["free", {}, "0.00"],
    ["25", {}, "25.00"],
  ])("%j %j is %j", (text, options, expected) => {
    expect(formatCurrency(text, options)).toBe(expected);
  });
});

describe("the numeric key filter passes digits, period and minus only", () => {
  it.each([
    ["0", true],
    ["9", true],
    [".", true],
    ["-", true],
    ["+", false],
    [",", false],
    ["e", false],
    ["$", false],
    [" ", false],
    ["12", false],
  ])("%j is %s", (key, expected) => {
    expect(isNumericKey(key)).toBe(expected);
  });

  it("pasted text keeps only the digits, periods and minus signs", () => {
    expect(keepNumericCharacters("$-1,234.50 USD")).toBe("-1234.50");
  });
});
