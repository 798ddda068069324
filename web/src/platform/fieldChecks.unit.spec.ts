import { describe, expect, it } from "vitest";
import { addressProblems, fieldProblems } from "./fieldChecks";

describe("spec 6: field checks before sending, with the server's messages", () => {
  it("spec 6: 'bad@' in an email box is 'Please enter a valid email address (bad@).'", () => {
    expect(fieldProblems("bad@", { email: true })).toEqual(["Please enter a valid email address (bad@)."]);
    expect(fieldProblems("ruth@example.org", { email: true, required: true })).toEqual([]);
  });
  it("spec 6: a blank required box is 'This field is required.'; a blank optional one is fine", () => {
    expect(fieldProblems("  ", { required: true })).toEqual(["This field is required."]);
    expect(fieldProblems("", { email: true })).toEqual([]);
  });
  it("spec 6: an address needs names, street, city and postal code, and a state code in the US", () => {
    expect(Object.keys(addressProblems({ country: "US" }))).toEqual([
      "first_name",
      "last_name",
      "street1",
      "city",
      "postal_code",
      "state",
    ]);
    const ruth = { first_name: "Ruth", last_name: "Moab", street1: "1 Main", city: "Lex", postal_code: "40502" };
    expect(addressProblems({ ...ruth, country: "US", state: "KY" })).toEqual({});
    expect(addressProblems({ ...ruth, country: "Canada", state: "" })).toEqual({});
    expect(addressProblems({ ship_country: "USA", ship_state: "Kentucky" }, "ship_").ship_state).toEqual([
      "Select a valid choice. Kentucky is not one of the available choices.",
    ]);
  });
});
