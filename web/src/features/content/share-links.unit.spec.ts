import { describe, expect, it } from "vitest";
import { emailShares, networkShares, SHARE_POPUP_FEATURES } from "./share-links";

describe("share links", () => {
  it("the share popup is 600x600", () => {
    expect(SHARE_POPUP_FEATURES).toContain("width=600,height=600");
  });

  it("only the networks of §9 that still exist are offered (Google+ and +1 are gone)", () => {
    expect(networkShares("https://shop.test/about/", "About").map((s) => s.name)).toEqual(["Facebook", "X (Twitter)"]);
  });

  it("each network share carries the page's absolute url", () => {
    for (const share of networkShares("https://shop.test/about/?a=1", "About & more"))
      expect(share.href).toContain(encodeURIComponent("https://shop.test/about/?a=1"));
  });

  it("email offers the mail app and webmail providers with the title as subject", () => {
    const shares = emailShares("https://shop.test/about/", "About & more");
    expect(shares.map((s) => [s.name, s.popup])).toEqual([
      ["Email app", false],
      ["Gmail", true],
      ["Outlook.com", true],
    ]);
    expect(shares[0].href).toBe(
      `mailto:?subject=About%20%26%20more&body=${encodeURIComponent("About & more\nhttps://shop.test/about/")}`,
    );
  });
});
