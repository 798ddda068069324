import { describe, it } from "vitest";
import { deciderSpec } from "../testing/decider-spec.ts";
import { decideKeyword, keywordDecider } from "./keyword.ts";

const spec = deciderSpec(keywordDecider, decideKeyword);
const now = new Date("2026-11-22T10:00:00Z");
const create = {
  type: "CreateKeyword",
  data: { id: 3, name: "Noah's Ark", slug: "noahs-ark", monthlySearches: 0, now, by: null },
} as const;

describe("keyword rules", () => {
  it("a new keyword is recorded with its name, slug and monthly searches", () => {
    spec
      .given([])
      .when(create)
      .then([
        {
          type: "KeywordCreated",
          data: {
            id: 3,
            name: "Noah's Ark",
            slug: "noahs-ark",
            monthlySearches: 0,
            createdAt: now.toISOString(),
            by: null,
          },
        },
      ]);
  });
  it("a keyword id cannot be created twice", () => {
    spec
      .given([
        {
          type: "KeywordCreated",
          data: { id: 3, name: "x", slug: "x", monthlySearches: 0, createdAt: now.toISOString(), by: null },
        },
      ])
      .when(create)
      .thenThrows("KEYWORD_EXISTS");
  });
});
