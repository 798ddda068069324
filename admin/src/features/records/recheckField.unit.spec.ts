import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { PRODUCT_MODEL, type AdminFormValues } from "@shop/shared";
import { RecordField } from "./RecordField";
import { recheckField } from "./recheckField";

const zone = "America/New_York";
const check = (values: AdminFormValues) => ({ model: PRODUCT_MODEL, values, zone, creating: false });
const BAD_DATE = "Enter a valid date (yyyy-mm-dd).";

describe("spec 6: record fields checked on blur (back-office §5)", () => {
  it("spec 6: leaving a date box holding 'next week' shows the date message", () => {
    const values = { title: "Genesis", release_date: "next week" };
    expect(recheckField({}, check(values), "release_date")).toEqual({ release_date: [BAD_DATE] });
  });

  it("spec 6: a corrected date clears its message and keeps the other fields' messages", () => {
    const shown = { release_date: [BAD_DATE], title: ["This field is required."] };
    const values = { title: "", release_date: "2027-03-01" };
    expect(recheckField(shown, check(values), "release_date")).toEqual({ title: ["This field is required."] });
  });

  it("spec 6: leaving a blank required field shows nothing until the save", () => {
    expect(recheckField({}, check({ title: "  " }), "title")).toEqual({});
  });

  it("spec 6: a field's messages are one paragraph after its control, named by it", () => {
    const field = PRODUCT_MODEL.fields.find((f) => f.name === "release_date")!;
    const html = renderToStaticMarkup(
      createElement(RecordField, {
        field,
        values: { release_date: "soon" },
        saved: {},
        errors: [BAD_DATE],
        zone,
        readOnly: false,
        onChange: () => {},
      }),
    );
    expect(html).toMatch(/<input[^>]*id="id_release_date"[^>]*aria-describedby="id_release_date-errors"/);
    expect(html.indexOf("<input")).toBeLessThan(html.indexOf('<p class="field-error" id="id_release_date-errors">'));
    expect(html).toContain(`<p class="field-error" id="id_release_date-errors">${BAD_DATE}</p>`);
    expect(html).not.toContain("<ul");
  });
});
