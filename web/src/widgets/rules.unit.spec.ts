import { describe, expect, it } from "vitest";
import {
  accordionOpen,
  EXPANDER_MAX_WIDTH,
  mediaWindow,
  overlayKind,
  pastEnd,
  PHONE_QUERY,
  ringProgress,
  SWIPE,
  sameSitePath,
  swipeDirection,
} from "./rules";

const ORIGIN = "https://shop.example";

describe("scroll sliders (back-office §9)", () => {
  it("SWIPE: a swipe lasts under 550 ms and moves over 20 px", () => {
    expect(SWIPE).toEqual({ maxMs: 550, minPx: 20 });
    expect(swipeDirection(-21, 0, 549)).toBe("next");
    expect(swipeDirection(21, 5, 100)).toBe("previous");
    expect(swipeDirection(-21, 0, 550)).toBeNull(); // too slow
    expect(swipeDirection(-20, 0, 100)).toBeNull(); // too short
    expect(swipeDirection(-30, 40, 100)).toBeNull(); // a scroll down the page
  });
});

describe("expanders and accordions (back-office §4, §9)", () => {
  it("EXPANDER_MAX_WIDTH: they act at widths up to 767 px only", () => {
    expect(EXPANDER_MAX_WIDTH).toBe(767);
    expect(PHONE_QUERY).toBe("(max-width: 767px)");
    expect(accordionOpen(3, false, null)).toEqual([true, true, true]);
  });
  it("in an accordion group opening one closes the others", () => {
    expect(accordionOpen(3, true, null)).toEqual([false, false, false]);
    expect(accordionOpen(3, true, 1)).toEqual([false, true, false]);
  });
  it("a lone accordion item starts open", () => {
    expect(accordionOpen(1, true, null)).toEqual([true]);
  });
});

describe("progress ring (storefront §4)", () => {
  it("the progress ring completes at 100%", () => {
    expect(ringProgress("100")).toEqual({ percent: 100, complete: true });
    expect(ringProgress("140")).toEqual({ percent: 100, complete: true });
    expect(ringProgress("99.5")).toEqual({ percent: 99.5, complete: false });
    expect(ringProgress("-3")).toEqual({ percent: 0, complete: false });
    expect(ringProgress("lots")).toEqual({ percent: 0, complete: false });
  });
});

describe("media (back-office §4, storefront §3)", () => {
  it("starttime and endtime: playback starts at the start and stops at the end time", () => {
    expect(mediaWindow("5", "12.5")).toEqual({ start: 5, end: 12.5 });
    expect(pastEnd(12.4, 12.5)).toBe(false);
    expect(pastEnd(12.5, 12.5)).toBe(true);
    expect(mediaWindow(undefined, "3")).toEqual({ start: 0, end: 3 });
    expect(mediaWindow("9", "3")).toEqual({ start: 9, end: null }); // an end before the start is ignored
    expect(pastEnd(1e6, null)).toBe(false);
  });
});

describe("overlay (back-office §2)", () => {
  it("shows inline html, an element, an image, a same-domain page or a cross-domain frame", () => {
    expect(overlayKind("inline", "#x", ORIGIN)).toBe("inline");
    expect(overlayKind(undefined, "#map", ORIGIN)).toBe("element");
    expect(overlayKind(undefined, "/media/ark.JPG", ORIGIN)).toBe("image");
    expect(overlayKind(undefined, "/about/", ORIGIN)).toBe("page");
    expect(overlayKind(undefined, "https://video.example/embed/1", ORIGIN)).toBe("frame");
    expect(overlayKind("frame", "/about/", ORIGIN)).toBe("frame");
    expect(overlayKind("script", "/about/", ORIGIN)).toBeNull();
    expect(overlayKind(undefined, "mailto:a@b.c", ORIGIN)).toBeNull();
  });
  it("the countdown redirects to a page of this site only", () => {
    expect(sameSitePath("/sale-over/?a=1", ORIGIN)).toBe("/sale-over/?a=1");
    expect(sameSitePath("https://shop.example/x/", ORIGIN)).toBe("/x/");
    expect(sameSitePath("https://evil.example/x/", ORIGIN)).toBeNull();
    expect(sameSitePath(undefined, ORIGIN)).toBeNull();
  });

  it("security 9: a countdown's redirect that is a path of this origin but reads as another host is refused", () => {
    expect(sameSitePath("https://shop.example//evil.example/", ORIGIN)).toBeNull();
    expect(sameSitePath("https://shop.example/%5Cevil.example/", ORIGIN)).toBeNull();
    expect(sameSitePath("/\\evil.example/", ORIGIN)).toBeNull();
    expect(sameSitePath("https://shop.example/sale-over/#top", ORIGIN)).toBe("/sale-over/#top");
  });
});
