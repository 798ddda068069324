import { describe, expect, it } from "vitest";
import { usesInBody } from "./keywordApi";

describe("a keyword row is flagged missing when the page body never uses it (§4 'Keyword row')", () => {
  it("counts whole words in any case", () => {
    expect(usesInBody("ark", "<p>The Ark. An ark! Arkansas is not it.</p>")).toBe(2);
  });

  it("does not count words inside tags or template tags", () => {
    expect(usesInBody("flood", '<a title="flood" href="/flood/">Noah</a>{% footnote "flood" %}')).toBe(0);
  });

  it("a keyword the body never uses counts zero (missing)", () => {
    expect(usesInBody("dinosaurs", "<p>Visit the Ark.</p>")).toBe(0);
  });
});
