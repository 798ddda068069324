import { describe, expect, it } from "vitest";
import { coverSvg, titleLines } from "./cover-svg.ts";

describe("spec 26.1: a product's generated cover", () => {
  it("wraps the title without leaving a lone short word, and cuts a long one with an ellipsis", () => {
    expect(titleLines("The New Answers Book 2", 16, 6)).toEqual(["The New Answers", "Book 2"]);
    expect(titleLines("a b c d e f g h", 3, 2)).toEqual(["a b", "c …"]);
    expect(titleLines("Supercalifragilistic", 8, 6)).toEqual(["Superca…"]);
  });

  it("escapes the title and format, so product text cannot add markup to the SVG", () => {
    const svg = coverSvg({ title: '<script>alert("x")</script>', category: "books", format: "A&B" });
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&lt;script&gt;");
    expect(svg).toContain("A&amp;B");
    expect(svg).toContain("BOOKS");
  });

  it("an unknown category still gets a cover, under the store's name", () => {
    expect(coverSvg({ title: "Gift Card", category: "other", format: "" })).toContain("ANSWERS STORE");
  });
});
