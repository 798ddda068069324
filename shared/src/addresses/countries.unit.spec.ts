import { describe, expect, it } from "vitest";
import { COUNTRIES, countryCodeOf } from "./countries.ts";

describe("spec 26.6: the checkout's country list", () => {
  it("is the ISO 3166-1 list, each code once, with the United States first", () => {
    expect(COUNTRIES[0]).toEqual(["US", "United States"]);
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRIES.map(([code]) => code)).size).toBe(249);
    expect(COUNTRIES).toContainEqual(["CA", "Canada"]);
  });

  it("reads a code, a name of the list or a US spelling as the country's code", () => {
    expect(countryCodeOf("USA")).toBe("US");
    expect(countryCodeOf("United States")).toBe("US");
    expect(countryCodeOf("ca")).toBe("CA");
    expect(countryCodeOf(" United Kingdom ")).toBe("GB");
    expect(countryCodeOf("Narnia")).toBeNull();
  });
});
