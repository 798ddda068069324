import { describe, expect, it } from "vitest";
import type { FormField } from "./form-field.ts";
import { validateForm } from "./form-validation.ts";

const REQUIRED = "This field is required.";
const MUST_MATCH = "Must match what you entered above.";
const AT_LEAST_ONE = "At least one field must be filled out.";
const DATE_TIME = "Please enter a valid date-time (yyyy-mm-dd hh:mm).";

type Case = [rule: string, fields: FormField[], errors: Record<string, string[]>];

const cases: Case[] = [
  [
    "a visible required blank field is required",
    [{ id: "name", type: "text", required: true, value: "  " }],
    { name: [REQUIRED] },
  ],
  ["a required field with text passes", [{ id: "name", type: "text", required: true, value: "Ann" }], {}],
  ["a hidden required field is not checked", [{ id: "name", type: "text", required: true, visible: false }], {}],
  ["an optional blank field passes", [{ id: "note", type: "text", value: "" }], {}],
  [
    "a required checkbox group with nothing chosen is required, once",
    [
      { id: "topic_1", name: "topic", type: "checkbox", required: true },
      { id: "topic_2", name: "topic", type: "checkbox", required: true },
    ],
    { topic_1: [REQUIRED] },
  ],
  [
    "a checkbox group with one box ticked passes",
    [
      { id: "topic_1", name: "topic", type: "checkbox", required: true },
      { id: "topic_2", name: "topic", type: "checkbox", required: true, checked: true },
    ],
    {},
  ],
  [
    "a lone required checkbox must be ticked",
    [{ id: "agree", type: "checkbox", required: true }],
    { agree: [REQUIRED] },
  ],
  [
    "a required radio group needs a chosen radio",
    [
      { id: "pay_card", name: "pay", type: "radio", required: true },
      { id: "pay_check", name: "pay", type: "radio", required: true },
    ],
    { pay_card: [REQUIRED] },
  ],
  [
    "a chosen radio satisfies its group",
    [
      { id: "pay_card", name: "pay", type: "radio", required: true },
      { id: "pay_check", name: "pay", type: "radio", required: true, checked: true },
    ],
    {},
  ],
  [
    "an optional group left entirely blank passes",
    [
      { id: "ship_street1", type: "text", required: true, optionalGroup: "ship", value: "" },
      { id: "ship_city", type: "text", required: true, optionalGroup: "ship", value: "" },
    ],
    {},
  ],
  [
    "once a field in an optional group has a value its required fields are required",
    [
      { id: "ship_street1", type: "text", required: true, optionalGroup: "ship", value: "1 Main St" },
      { id: "ship_city", type: "text", required: true, optionalGroup: "ship", value: "" },
      { id: "ship_street2", type: "text", optionalGroup: "ship", value: "" },
    ],
    { ship_city: [REQUIRED] },
  ],
  [
    "a confirm field must match the field it confirms",
    [
      { id: "email", type: "email", value: "a@example.com" },
      { id: "email__confirm", type: "email", value: "b@example.com" },
    ],
    { email__confirm: [MUST_MATCH] },
  ],
  [
    "a matching confirm field passes",
    [
      { id: "password", type: "text", value: "secret" },
      { id: "password__confirm", type: "text", value: "secret" },
    ],
    {},
  ],
  [
    "a blank confirm of a filled field does not match",
    [
      { id: "password", type: "text", value: "secret" },
      { id: "password__confirm", type: "text", value: "" },
    ],
    { password__confirm: [MUST_MATCH] },
  ],
  [
    "a blank required confirm field is only reported as required",
    [
      { id: "password", type: "text", value: "secret" },
      { id: "password__confirm", type: "text", required: true, value: "" },
    ],
    { password__confirm: [REQUIRED] },
  ],
  [
    "when every not-all-null field is empty or zero each says at least one must be filled out",
    [
      { id: "gift_1", type: "currency", notAllNull: true, value: "0.00" },
      { id: "gift_2", type: "quantity", notAllNull: true, value: "0" },
      { id: "gift_note", type: "text", notAllNull: true, value: "" },
    ],
    { gift_1: [AT_LEAST_ONE], gift_2: [AT_LEAST_ONE], gift_note: [AT_LEAST_ONE] },
  ],
  [
    "one non-zero not-all-null field is enough",
    [
      { id: "gift_1", type: "currency", notAllNull: true, value: "0.00" },
      { id: "gift_2", type: "currency", notAllNull: true, value: "$25" },
    ],
    {},
  ],
  [
    "a ticked checkbox counts as filled for not-all-null",
    [
      { id: "news_a", type: "checkbox", notAllNull: true },
      { id: "news_b", type: "checkbox", notAllNull: true, checked: true },
    ],
    {},
  ],
  [
    "an invalid email names what was typed",
    [{ id: "email", type: "email", value: " bob@example " }],
    { email: ["Please enter a valid email address (bob@example)."] },
  ],
  ["a valid email passes", [{ id: "email", type: "email", value: "bob@example.com" }], {}],
  ["a blank optional email is not checked for format", [{ id: "email", type: "email", value: "" }], {}],
  [
    "a date-time must be yyyy-mm-dd hh:mm",
    [{ id: "when", type: "datetime", value: "05/06/2024 10:00" }],
    { when: [DATE_TIME] },
  ],
  [
    "a date-time on a day that does not exist is invalid",
    [{ id: "when", type: "datetime", value: "2023-02-29 10:00" }],
    { when: [DATE_TIME] },
  ],
  ["a valid date-time passes", [{ id: "when", type: "datetime", value: "2024-02-29 10:00" }], {}],
  ["a currency field cannot be null", [{ id: "amount", type: "currency", value: "" }], { amount: [REQUIRED] }],
  ["a quantity field cannot be null", [{ id: "qty", type: "quantity" }], { qty: [REQUIRED] }],
  ["a quantity of zero is a value", [{ id: "qty", type: "quantity", value: "0" }], {}],
  ["a card-number field may be blank unless required", [{ id: "card", type: "card-number", value: "" }], {}],
  ["a hidden currency field is not checked", [{ id: "amount", type: "currency", visible: false }], {}],
];

describe("generic form validation", () => {
  it.each(cases)("%s", (_rule, fields, errors) => {
    const result = validateForm(fields);
    expect(result.errors).toEqual(errors);
    expect(result.valid).toBe(Object.keys(errors).length === 0);
  });

  it("a field's errors are listed without duplicates", () => {
    const fields: FormField[] = [
      { id: "email", type: "email", value: "x@y.com" },
      { id: "email__confirm", type: "email", value: "bad", notAllNull: true },
    ];
    expect(validateForm(fields).errors).toEqual({
      email__confirm: [MUST_MATCH, "Please enter a valid email address (bad)."],
    });
  });
});
