import { describe, expect, it } from "vitest";
import { listHash, parseListHash } from "./listHash";

describe("the list page's URL hash", () => {
  it("holds q, sort, start, count and filters", () => {
    const query = { q: "ark", sort: "price", start: 24, count: 48, filters: { format: "DVD" } };
    expect(listHash(query)).toBe("#q=ark&sort=price&start=24&count=48&format=DVD");
    expect(parseListHash(listHash(query))).toEqual(query);
  });

  it("defaults to the first 24 of everything", () => {
    expect(parseListHash("")).toEqual({ q: "", sort: "", start: 0, count: 24, filters: {} });
    expect(listHash(parseListHash("#count=abc&start=-3"))).toBe("");
  });
});
