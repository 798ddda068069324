import { describe, expect, it } from "vitest";
import { fieldHasValue, isNotNullType, numberFieldFor, type FormField, type FormFieldType } from "./form-field.ts";

describe("a field has a value when non-blank, a chosen radio or a checked checkbox", () => {
  const radios: FormField[] = [
    { id: "size_s", name: "size", type: "radio" },
    { id: "size_m", name: "size", type: "radio", checked: true },
  ];
  it.each([
    ["text with characters", { id: "a", type: "text", value: "x" } as FormField, [], true],
    ["blank text", { id: "a", type: "text", value: "   " } as FormField, [], false],
    ["missing text", { id: "a", type: "text" } as FormField, [], false],
    ["a checked checkbox", { id: "a", type: "checkbox", checked: true } as FormField, [], true],
    ["an unchecked checkbox", { id: "a", type: "checkbox", checked: false } as FormField, [], false],
    ["a radio whose group has a chosen radio", radios[0], radios, true],
    ["a radio whose group has none chosen", radios[0], [radios[0]], false],
  ])("%s: %s", (_rule, field, others, expected) => {
    expect(fieldHasValue(field, others.length ? others : [field])).toBe(expected);
  });
});

describe("currency, quantity and card-number fields are numeric; currency and quantity cannot be null", () => {
  it.each([
    ["currency", "currency", true],
    ["quantity", "digits", true],
    ["card-number", "digits", false],
    ["text", null, false],
    ["email", null, false],
    ["datetime", null, false],
    ["checkbox", null, false],
    ["radio", null, false],
  ] as [FormFieldType, string | null, boolean][])("%s: number format %s, not null %s", (type, format, notNull) => {
    expect(numberFieldFor(type)?.format ?? null).toBe(format);
    expect(isNotNullType(type)).toBe(notNull);
  });
});
