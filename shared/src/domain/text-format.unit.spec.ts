import { describe, expect, it } from "vitest";
import { isAlpha, isAlphanumeric, isEmailAddress, isIntegerString } from "./text-format.ts";

describe("an integer is digits only", () => {
  it.each([
    ["0", true],
    ["0012", true],
    ["-1", false],
    ["1.5", false],
    ["1 000", false],
    ["", false],
  ])("%j is %s", (value, expected) => {
    expect(isIntegerString(value)).toBe(expected);
  });
});

describe("alphanumeric is letters and digits; alpha is letters", () => {
  it.each([
    ["abc123", true, false],
    ["ABC", true, true],
    ["abc def", false, false],
    ["abc-1", false, false],
    ["123", true, false],
  ])("%j: alphanumeric %s, alpha %s", (value, alphanumeric, alpha) => {
    expect(isAlphanumeric(value)).toBe(alphanumeric);
    expect(isAlpha(value)).toBe(alpha);
  });
});

describe("an email is local-part@domain with a suffix of at least two letters, or an IP literal", () => {
  it.each([
    ["user@example.com", true],
    ["first.last+tag@mail.example.org", true],
    ["user@example.co", true],
    ["user@[192.168.0.1]", true],
    ["user@example.c", false],
    ["user@example.123", false],
    ["user@[192.168.0.256]", false],
    ["user@192.168.0.1", false],
    ["user@localhost", false],
    ["@example.com", false],
    ["user.example.com", false],
    ["us er@example.com", false],
    ["user@exa mple.com", false],
    ["user@@example.com", false],
    [".user@example.com", false],
    [" user@example.com", false],
  ])("%j is %s", (value, expected) => {
    expect(isEmailAddress(value)).toBe(expected);
  });
});

describe("text formats may allow empty", () => {
  it.each([
    ["integer", isIntegerString],
    ["alphanumeric", isAlphanumeric],
    ["alpha", isAlpha],
    ["email", isEmailAddress],
  ])("an empty %s passes only with allowEmpty", (_name, check) => {
    expect(check("", { allowEmpty: true })).toBe(true);
    expect(check("")).toBe(false);
  });
});
