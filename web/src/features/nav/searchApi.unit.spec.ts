import { describe, expect, it } from "vitest";
import { searchUrl } from "./SearchPanel";
import { SUGGEST_DELAY_MS, suggestionsOf, wantsSuggestions } from "./searchApi";

describe("search suggestions in the search panel", () => {
  it("the suggestions are the answer's second element, each with the text first", () => {
    expect(suggestionsOf(["ark", [["Ark Encounter", "/visit/", "page"]]])).toEqual([
      ["Ark Encounter", "/visit/", "page"],
    ]);
  });
  it("an answer that is not the expected list gives no suggestions", () => {
    expect(suggestionsOf({ metadata: { success: false } })).toEqual([]);
    expect(suggestionsOf(["ark", [[1, 2]]])).toEqual([]);
  });
  it("suggestions are asked for from 2 characters, 200 ms after the last key", () => {
    expect(wantsSuggestions("a ")).toBe(false);
    expect(wantsSuggestions("ar")).toBe(true);
    expect(SUGGEST_DELAY_MS).toBe(200);
  });
  it("a search goes to the store's list page with q in the hash", () => {
    expect(searchUrl(" noah's ark ")).toBe("/search/?q=noah%27s+ark");
  });
});
