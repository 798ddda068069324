import { describe, expect, it } from "vitest";
import * as contentApi from "./api.ts";

// STYLE habit 4: one zod schema is the only source of a request's type. The keyword and role list
// queries live in keywords/api.ts and contributors/api.ts; older copies here would drift unseen.
describe("one schema per request: content/api holds no second copy of a list or search query", () => {
  it("declares no keyword, role or node list or search query", () => {
    expect(Object.keys(contentApi).filter((name) => /(Keyword|Role|Node)(List|Search)Query$/.test(name))).toEqual([]);
  });
});
