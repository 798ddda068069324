import { describe, expect, it } from "vitest";
import { ADS_PER_PAGE, adPlacements, bodyWordCount, pickRandomAds } from "./ad-placements.ts";

describe("ad placements by word count", () => {
  it.each([
    { rule: "more than 1400 words: two placements, at a third and two thirds", words: 1401, at: [1 / 3, 2 / 3] },
    { rule: "far more than 1400 words: still two placements", words: 9000, at: [1 / 3, 2 / 3] },
    { rule: "exactly 1400 words: one placement at half", words: 1400, at: [1 / 2] },
    { rule: "more than 700 words: one placement at half", words: 701, at: [1 / 2] },
    { rule: "exactly 700 words: no placement in the body", words: 700, at: [] },
    { rule: "an empty body: no placement", words: 0, at: [] },
  ])("$rule", ({ words, at }) => {
    expect(adPlacements(words)).toEqual(at);
  });
});

describe("the body's word count", () => {
  it.each([
    ["<p>In the beginning</p><p>God created</p>", 5],
    ["<h2>Faith&nbsp;&amp;&nbsp;Science</h2>", 2],
    ["<p> </p>", 0],
  ])("%j has %i words", (html, words) => {
    expect(bodyWordCount(html)).toBe(words);
  });
});

describe("3 random ads", () => {
  it("three distinct ads are picked", () => {
    const picked = pickRandomAds(["a", "b", "c", "d", "e"], ADS_PER_PAGE, () => 0.5);
    expect(picked).toHaveLength(3);
    expect(new Set(picked).size).toBe(3);
  });
  it("the pick follows the random numbers", () => {
    expect(pickRandomAds(["a", "b", "c", "d"], 3, () => 0)).toEqual(["a", "b", "c"]);
    expect(pickRandomAds(["a", "b", "c", "d"], 3, () => 0.99)).toEqual(["d", "c", "b"]);
  });
  it("fewer ads than three: all of them", () => {
    expect(pickRandomAds(["a"], 3, Math.random)).toEqual(["a"]);
  });
});
