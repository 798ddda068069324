import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { FieldErrors } from "./FieldErrors";
import { checkForm, recheckField } from "./formCheck";

const email = (value: string) => ({ id: "email", type: "email" as const, required: true, value });

describe("spec 6: field checks on blur and change (storefront §5)", () => {
  it("spec 6: leaving an email box holding 'bad@' shows the invalid-email message", () => {
    expect(recheckField({}, email("bad@"))).toEqual({ email: ["Please enter a valid email address (bad@)."] });
  });

  it("spec 6: a corrected email clears its message and leaves the other fields' messages", () => {
    const shown = { email: ["Please enter a valid email address (bad@)."], name: ["This field is required."] };
    expect(recheckField(shown, email("bad@example.org"))).toEqual({ name: ["This field is required."] });
  });

  it("spec 6: leaving a blank required box shows nothing until the form is sent", () => {
    expect(recheckField({}, email("  "))).toEqual({});
    expect(checkForm([email("  ")]).errors).toEqual({ email: ["This field is required."] });
  });

  it("spec 6: the check before sending lists each message once", () => {
    const check = checkForm([
      { id: "first_name", type: "text", required: true, value: "" },
      { id: "last_name", type: "text", required: true, value: "" },
      email("bad@"),
    ]);
    expect(check.valid).toBe(false);
    expect(check.summary).toEqual(["This field is required.", "Please enter a valid email address (bad@)."]);
  });

  it("spec 6: a field's messages are one paragraph, and nothing when it has none", () => {
    const html = renderToStaticMarkup(createElement(FieldErrors, { id: "e", messages: ["One.", "Two."] }));
    expect(html).toBe('<p class="field-error" id="e">One. Two.</p>');
    expect(renderToStaticMarkup(createElement(FieldErrors, { id: "e", messages: [] }))).toBe("");
  });
});
