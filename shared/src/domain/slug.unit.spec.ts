import { describe, expect, it } from "vitest";
import { slugify } from "./slug.ts";

describe("a slug keeps letters and digits, lowercased", () => {
  it.each([
    ["Genesis", "genesis"],
    ["Answers 2024", "answers-2024"],
    ["ABC123", "abc123"],
  ])("%j becomes %j", (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });
});

describe("spaces, non-breaking hyphens, dashes and colons become hyphens", () => {
  it.each([
    ["space", "noah ark", "noah-ark"],
    ["non-breaking space", "noah\u00a0ark", "noah-ark"],
    ["non-breaking hyphen U+2011", "noah\u2011ark", "noah-ark"],
    ["hyphen-minus", "noah-ark", "noah-ark"],
    ["hyphen U+2010", "noah\u2010ark", "noah-ark"],
    ["en dash", "1\u20132", "1-2"],
    ["em dash", "noah\u2014ark", "noah-ark"],
    ["minus sign", "noah\u2212ark", "noah-ark"],
    ["colon", "Genesis:1", "genesis-1"],
  ])("%s", (_name, text, slug) => {
    expect(slugify(text)).toBe(slug);
  });
});

describe("other punctuation is removed and hyphens are tidied", () => {
  it.each([
    ["Noah's Ark!", "noahs-ark"],
    ["Q&A, part 1", "qa-part-1"],
    ["snake_case", "snakecase"],
    ["Genesis 1:1 \u2014 In the beginning", "genesis-1-1-in-the-beginning"],
    ["  leading and trailing  ", "leading-and-trailing"],
    ["a -- b", "a-b"],
    ["Café Crème", "cafe-creme"],
    ["!!!", ""],
  ])("%j becomes %j", (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });
});
