import { describe, expect, it } from "vitest";
import { cacheControlFor, IMMUTABLE, NO_CACHE, REVALIDATE_HOURLY } from "./static-files.ts";

describe("static files' Cache-Control", () => {
  it.each([
    ["/app/web/dist/assets/index-B3x9_kLq.js", IMMUTABLE],
    ["/app/admin/dist/assets/RecordPage-CVQSUzqq.css", IMMUTABLE],
    ["/app/web/dist/assets/AddressBookPage-BHfPnHo-.js", IMMUTABLE],
    ["/app/web/dist/assets/index-B3x9_kLq.js.br", IMMUTABLE],
    ["/app/web/dist/assets/index-B3x9_kLq.js.gz", IMMUTABLE],
    ["/app/admin/dist/index.html", NO_CACHE],
    ["/app/admin/dist/index.html.br", NO_CACHE],
    ["/app/web/dist/favicon.svg", REVALIDATE_HOURLY],
    ["/app/web/dist/ads/ad-1.svg", REVALIDATE_HOURLY],
    ["/app/web/dist/early-clicks.js", REVALIDATE_HOURLY],
  ])("spec 26.9: %s is %s", (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected);
  });
});
