import { describe, expect, it } from "vitest";
import { isAllowedBodyUrl } from "./body-html.ts";

describe("urls a page body may use", () => {
  it("core hardening 9: relative, http, https, mailto and tel urls are allowed", () => {
    for (const url of [
      "/about/",
      "page.html",
      "#footnote-1",
      "?q=1",
      "//cdn.example.org/a.png",
      "https://example.org/",
      "HTTP://example.org/",
      "mailto:a@example.org",
      "tel:+15551234",
      "{% get_urls node=3 %}",
    ])
      expect(isAllowedBodyUrl(url), url).toBe(true);
  });
  it("core hardening 9: script and data urls are refused however they are spelled", () => {
    for (const url of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "java\tscript:alert(1)",
      "java\nscript:alert(1)",
      "\u0001javascript:alert(1)",
      "vbscript:x",
      "data:text/html,x",
      "data:image/svg+xml,x",
      "ftp://example.org/",
      "blob:https://example.org/x",
    ])
      expect(isAllowedBodyUrl(url), JSON.stringify(url)).toBe(false);
  });
});
