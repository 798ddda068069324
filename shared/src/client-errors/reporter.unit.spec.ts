import { describe, expect, it } from "vitest";
import { isFailedRequest, reportFilter } from "./reporter.ts";

describe("the page's client error handler", () => {
  it("each different message is reported once, at most 10 a page", () => {
    const pass = reportFilter();
    expect(pass({ kind: "script", message: "boom" })).toBe(true);
    expect(pass({ kind: "script", message: "boom" })).toBe(false);
    for (let i = 1; i < 10; i++) expect(pass({ kind: "script", message: `boom ${i}` })).toBe(true);
    expect(pass({ kind: "script", message: "one too many" })).toBe(false);
  });
  it("a failed request is one with no answer or a server error; a 4xx is an answer", () => {
    expect(isFailedRequest(0)).toBe(true);
    expect(isFailedRequest(502)).toBe(true);
    expect(isFailedRequest(404)).toBe(false);
    expect(isFailedRequest(200)).toBe(false);
  });
});
