import { describe, expect, it } from "vitest";
import { isSameSitePath, sameSitePathOr } from "./same-site-path.ts";

// The usual open-redirect bypasses: other hosts spelled as paths, schemes, encodings, whitespace.
const OFF_SITE = [
  "//evil.example/",
  "///evil.example/",
  "////evil.example",
  "/\\evil.example/",
  "/\\/evil.example/",
  "\\\\evil.example",
  "\\/evil.example",
  "\\evil.example",
  "/%5Cevil.example/",
  "/%5cevil.example/",
  "/%2F/evil.example/",
  "/%2f%2fevil.example",
  "%2F%2Fevil.example",
  "/%252F/evil.example",
  "https://evil.example/",
  "http:evil.example",
  "HTTPS://evil.example",
  "https:/evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox",
  "evil.example",
  "@evil.example",
  " //evil.example/",
  "\t//evil.example/",
  "/\t/evil.example/",
  "/\n/evil.example/",
  "/\r\n/evil.example/",
  "/ /evil.example/",
  "/\u0000/evil.example",
  "/\u00a0/evil.example",
  "/\u2028/evil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%0D%0A/evil.example",
  "/%20/evil.example",
  "/%00/evil.example",
  "/%",
  "",
  ".",
  "./",
  "../evil",
  "?next=/",
  "#/",
];

const ON_SITE = [
  "/",
  "/store/",
  "/store/cart/?10-1-100=2&add-to-cart",
  "/account/wishlist/?add=10-1-100",
  "/search/?q=noah%27s%20ark",
  "/search/?q=a%2F%2Fb",
  "/store/products/1/#reviews",
  "/@evil.example",
  "/evil.example",
  "/caf%C3%A9/",
  "/café/",
];

describe("same-site paths (every next / return parameter)", () => {
  it.each(OFF_SITE)("security 9: %j is not a path on this site", (value) => {
    expect(isSameSitePath(value)).toBe(false);
    expect(sameSitePathOr(value, "/home/")).toBe("/home/");
  });

  it.each(ON_SITE)("security 9: %j is a path on this site and is kept", (value) => {
    expect(isSameSitePath(value)).toBe(true);
    expect(sameSitePathOr(value, "/home/")).toBe(value);
  });

  it("security 9: what is not a string (a repeated parameter, none) gives the fallback", () => {
    expect(sameSitePathOr(["/store/", "//evil.example"], "/")).toBe("/");
    expect(sameSitePathOr(undefined, "/account/")).toBe("/account/");
    expect(sameSitePathOr(`/${"a".repeat(3000)}`, "/")).toBe("/");
  });
});
