import { describe, expect, it } from "vitest";
import {
  DEFAULT_HOME_COUNTRY,
  decodeHomeCountry,
  encodeHomeCountry,
  homeCountryFromCookies,
  MenuLayerQuery,
} from "./api.ts";

describe("home-country cookie (storefront §3, §9)", () => {
  it("Default region: United States", () => {
    expect(DEFAULT_HOME_COUNTRY).toBe("United States");
    expect(homeCountryFromCookies("")).toBe("United States");
    expect(homeCountryFromCookies("home_country=")).toBe("United States");
  });
  it("stored with plus signs for spaces", () => {
    expect(encodeHomeCountry("United Kingdom")).toBe("United+Kingdom");
    expect(decodeHomeCountry("United+Kingdom")).toBe("United Kingdom");
    expect(homeCountryFromCookies("a=1; home_country=New+Zealand")).toBe("New Zealand");
  });
  it("a value that is not percent-encoding reads as the default", () => {
    expect(decodeHomeCountry("%E0%A4%A")).toBe("United States");
  });
});

describe("menu layer query", () => {
  it("parents is a JSON list of ids", () => {
    expect(MenuLayerQuery.parse({ parents: "[0,12]", ts: "1" }).parents).toEqual([0, 12]);
    expect(MenuLayerQuery.safeParse({ parents: "[-1]" }).success).toBe(false);
    expect(MenuLayerQuery.safeParse({ parents: "{}" }).success).toBe(false);
  });
});
