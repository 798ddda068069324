import { describe, expect, it } from "vitest";
import { isUnitedStates, US_STATES, usStateByCode, usStateMessage } from "./us-states.ts";

const FIFTY_STATES =
  "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY".split(
    " ",
  );

describe("the US state list", () => {
  it("has the 50 states", () => {
    expect(FIFTY_STATES).toHaveLength(50);
    for (const id of FIFTY_STATES) expect(usStateByCode(id)).toBeDefined();
  });

  it.each([
    ["DC", "District of Columbia"],
    ["AA", "Armed Forces Americas"],
    ["AE", "Armed Forces Europe"],
    ["AP", "Armed Forces Pacific"],
    ["AS", "American Samoa"],
    ["FM", "Federated States of Micronesia"],
    ["GU", "Guam"],
    ["MH", "Marshall Islands"],
    ["MP", "Northern Mariana Islands"],
    ["PW", "Palau"],
    ["PR", "Puerto Rico"],
    ["VI", "Virgin Islands"],
  ])("includes %s (%s)", (id, name) => {
    expect(US_STATES).toContainEqual({ id, name });
  });

  it("has 62 entries with unique codes, sorted by name", () => {
    expect(US_STATES).toHaveLength(62);
    expect(new Set(US_STATES.map((s) => s.id)).size).toBe(62);
    const names = US_STATES.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it.each([
    ["oh", "Ohio"],
    [" KY ", "Kentucky"],
    ["XX", undefined],
  ])("the code %j preselects %s", (code, name) => {
    expect(usStateByCode(code)?.name).toBe(name);
  });
});

describe("spec 7: the US is US, USA, U.S., 'United States' or 'United States of America', in any case", () => {
  it.each([
    ["US", true],
    ["us", true],
    ["United States", true],
    ["UNITED STATES", true],
    ["united states of america", true],
    [" United States ", true],
    ["USA", true],
    ["U.S.", true],
    ["u.s.a.", true],
    ["United  States", true],
    ["USSR", false],
    ["Canada", false],
    ["CA", false],
    ["", false],
  ])("%j is %s", (country, expected) => {
    expect(isUnitedStates(country)).toBe(expected);
  });
});

describe("spec 7: a US state is a code of the dropdown", () => {
  it.each([
    ["KY", null],
    ["ky", null],
    ["", "This field is required."],
    ["Kentucky", "Select a valid choice. Kentucky is not one of the available choices."],
    ["ZZ", "Select a valid choice. ZZ is not one of the available choices."],
  ])("%j: %s", (state, message) => {
    expect(usStateMessage(state)).toBe(message);
  });
});
