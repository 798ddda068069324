import { describe, expect, it } from "vitest";
import {
  acceptsKey,
  normaliseNumberInput,
  numberFieldMaxLength,
  numberFieldRange,
  valueOnFocus,
  type NumberFieldOptions,
} from "./number-field.ts";

const digits: NumberFieldOptions = { format: "digits" };
const decimal: NumberFieldOptions = { format: "decimal" };
const currency: NumberFieldOptions = { format: "currency" };
const signedDigits: NumberFieldOptions = { format: "digits", allowNegative: true };
const signedDecimal: NumberFieldOptions = { format: "decimal", allowNegative: true };
const signedCurrency: NumberFieldOptions = { format: "currency", allowNegative: true };

describe("the maximum length is 16 unless set", () => {
  it.each([
    [digits, 16],
    [{ format: "currency", maxLength: 8 } as NumberFieldOptions, 8],
  ])("%j allows %i characters", (options, length) => {
    expect(numberFieldMaxLength(options)).toBe(length);
  });
});

describe("positive fields run 0..9999999999999(.99); negative ones down to -9999999999999(.99)", () => {
  it.each([
    [digits, "0", "9999999999999"],
    [decimal, "0", "9999999999999.99"],
    [currency, "0", "9999999999999.99"],
    [signedDigits, "-9999999999999", "9999999999999"],
    [signedDecimal, "-9999999999999.99", "9999999999999.99"],
    [signedCurrency, "-9999999999999.99", "9999999999999.99"],
  ])("%j spans %s to %s", (options, min, max) => {
    expect(numberFieldRange(options)).toEqual({ min, max });
  });
});

describe("values are formatted as digits, decimal or currency", () => {
  it.each([
    ["digits keep whole numbers", digits, "0042", "42"],
    ["digits drop a fraction", digits, "12.7", "12"],
    ["decimal keeps the digits typed", decimal, "3.14159", "3.14159"],
    ["decimal drops a bare trailing period", decimal, "7.", "7"],
    ["decimal drops a second period and what follows", decimal, "1.2.3", "1.2"],
    ["currency shows two decimals", currency, "5", "5.00"],
    ["currency rounds to cents", currency, "2.345", "2.35"],
    ["currency reads a leading period", currency, ".5", "0.50"],
    ["letters and symbols are dropped", currency, "$1,234.5", "1234.50"],
    ["nothing numeric leaves the field blank", decimal, "abc", ""],
    ["blank stays blank", currency, "", ""],
    ["not-null digits become 0", { format: "digits", notNull: true } as NumberFieldOptions, "", "0"],
    ["not-null currency becomes 0.00", { format: "currency", notNull: true } as NumberFieldOptions, " ", "0.00"],
  ])("%s", (_rule, options, raw, expected) => {
    expect(normaliseNumberInput(raw, options)).toBe(expected);
  });
});

describe("out-of-range values are clamped", () => {
  it.each([
    [digits, "99999999999999", "9999999999999"],
    [decimal, "10000000000000", "9999999999999.99"],
    [currency, "9999999999999.999", "9999999999999.99"],
    [digits, "-5", "5"],
    [signedDigits, "-99999999999999", "-9999999999999"],
    [signedCurrency, "-10000000000000", "-9999999999999.99"],
    [currency, "9999999999999.99", "9999999999999.99"],
  ])("%j: %s becomes %s", (options, raw, expected) => {
    expect(normaliseNumberInput(raw, options)).toBe(expected);
  });
});

describe("dash characters count as minus", () => {
  it.each([
    ["hyphen ‐", "\u20105"],
    ["non-breaking hyphen ‑", "\u20115"],
    ["figure dash ‒", "\u20125"],
    ["en dash –", "\u20135"],
    ["em dash —", "\u20145"],
    ["minus sign −", "\u22125"],
    ["hyphen-minus -", "-5"],
  ])("%s", (_name, raw) => {
    expect(normaliseNumberInput(raw, signedDigits)).toBe("-5");
    expect(acceptsKey(raw[0], signedDigits)).toBe(true);
    expect(acceptsKey(raw[0], digits)).toBe(false);
  });

  it("a minus that is not the leading sign is dropped, and minus zero is zero", () => {
    expect(normaliseNumberInput("5-3", signedDigits)).toBe("53");
    expect(normaliseNumberInput("-0", signedCurrency)).toBe("0.00");
  });
});

describe("only digits, period (decimal or currency), minus (non-positive) and control keys are accepted", () => {
  it.each([
    ["7", digits, true],
    ["0", currency, true],
    [".", digits, false],
    [".", decimal, true],
    [".", currency, true],
    ["-", currency, false],
    ["-", signedCurrency, true],
    ["e", decimal, false],
    ["+", signedDecimal, false],
    [",", currency, false],
    [" ", digits, false],
    ["Backspace", digits, true],
    ["Delete", digits, true],
    ["Tab", digits, true],
    ["Enter", digits, true],
    ["ArrowLeft", digits, true],
    ["Home", digits, true],
  ])("%j in %j is %s", (key, options, expected) => {
    expect(acceptsKey(key, options)).toBe(expected);
  });

  it("ctrl or cmd shortcuts such as paste are let through", () => {
    expect(acceptsKey("v", digits, { ctrlKey: true })).toBe(true);
    expect(acceptsKey("a", digits, { metaKey: true })).toBe(true);
    expect(acceptsKey("v", digits)).toBe(false);
  });
});

describe("a zero value is cleared on focus", () => {
  it.each([
    ["0", ""],
    ["0.00", ""],
    ["-0", ""],
    ["000", ""],
    ["", ""],
    ["5", "5"],
    ["0.50", "0.50"],
    ["10", "10"],
    ["abc", "abc"],
  ])("%j becomes %j", (value, expected) => {
    expect(valueOnFocus(value)).toBe(expected);
  });
});
