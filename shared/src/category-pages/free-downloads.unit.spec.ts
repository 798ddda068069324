import { describe, expect, it } from "vitest";
import {
  FREE_DOWNLOAD_FORMAT,
  freeDownloadCheck,
  freeDownloadsAllowed,
  isFreeDownload,
  MAGAZINE_MESSAGES,
  type MagazineLine,
  subscriptionYears,
  tickStates,
} from "./free-downloads.ts";

const boxes = [
  { code: "95-9-101", soldOut: false },
  { code: "95-9-102", soldOut: false },
  { code: "95-9-103", soldOut: true },
  { code: "95-9-104", soldOut: false },
  { code: "95-9-105", soldOut: false },
];
const sub = (lineId: number, years: number, quantity = 1): MagazineLine => ({
  lineId,
  code: `95-1-10${years}`,
  format: years === 1 ? "1 Year" : `${years} Years`,
  quantity,
});
const free = (lineId: number, n: number, quantity = 1): MagazineLine => ({
  lineId,
  code: `95-9-10${n}`,
  format: FREE_DOWNLOAD_FORMAT,
  quantity,
});
const book = (lineId: number): MagazineLine => ({ lineId, code: "10-1-201", format: "Paperback", quantity: 1 });

describe("magazine subscription terms (§9 magazine years: 1 to 3)", () => {
  it.each([
    ["1 Year", "95-1-101", 1],
    ["2 Years", "95-1-102", 2],
    ["3 Years", "95-1-103", 3],
    ["4 Years", "95-1-104", null],
  ])("the year count is read from a magazine SKU's format: %s", (format, code, years) => {
    expect(subscriptionYears({ code, format })).toBe(years);
  });

  it("a term format outside the magazine category is no subscription", () => {
    expect(subscriptionYears({ code: "10-1-201", format: "1 Year" })).toBeNull();
  });

  it.each([
    [null, 0],
    [1, 1],
    [2, 2],
    [3, 3],
  ])("the year count sets how many free video downloads may be ticked: %s years allow %s", (years, allowed) => {
    expect(freeDownloadsAllowed(years)).toBe(allowed);
  });

  it("a free download is a magazine SKU of the free download format, and only that", () => {
    expect(isFreeDownload({ code: "95-9-101", format: FREE_DOWNLOAD_FORMAT })).toBe(true);
    expect(isFreeDownload({ code: "90-2-301", format: FREE_DOWNLOAD_FORMAT })).toBe(false);
    expect(isFreeDownload({ code: "90-2-301", format: "Video Download" })).toBe(false);
  });
});

describe("the magazine page's boxes (§4)", () => {
  it("once the count is reached, the other boxes are disabled", () => {
    const s = tickStates(2, boxes, ["95-9-101", "95-9-104"]);
    expect(s.ticked).toEqual(["95-9-101", "95-9-104"]);
    expect([...s.disabled].sort()).toEqual(["95-9-102", "95-9-103", "95-9-105"]);
  });

  it("if fewer are ticked, the non-sold-out boxes are enabled", () => {
    const s = tickStates(3, boxes, ["95-9-101"]);
    expect([...s.disabled]).toEqual(["95-9-103"]);
  });

  it("if more are ticked, the surplus ticks are cleared (the latest first)", () => {
    const s = tickStates(1, boxes, ["95-9-104", "95-9-101", "95-9-102"]);
    expect(s.ticked).toEqual(["95-9-104"]);
    expect(s.disabled.has("95-9-101")).toBe(true);
  });

  it("sold-out items stay disabled, and never count as ticked", () => {
    const s = tickStates(3, boxes, ["95-9-103"]);
    expect(s.ticked).toEqual([]);
    expect(s.disabled.has("95-9-103")).toBe(true);
  });

  it("with no term chosen every box is disabled", () => {
    expect(tickStates(null, boxes, []).disabled.size).toBe(boxes.length);
  });
});

describe("the cart's free download rule", () => {
  it("free downloads up to the term's count are allowed", () => {
    expect(freeDownloadCheck([], [sub(1, 2), free(2, 1), free(3, 2), book(4)])).toEqual({ ok: true });
  });

  it("more free downloads than the term allows are refused", () => {
    expect(freeDownloadCheck([], [sub(1, 1), free(2, 1), free(3, 2)])).toEqual({
      ok: false,
      refuse: "tooMany",
      allowed: 1,
    });
  });

  it("free downloads without a subscription are refused", () => {
    expect(freeDownloadCheck([], [book(1), free(2, 1)])).toEqual({ ok: false, refuse: "noSubscription", allowed: 0 });
  });

  it("a second subscription (a gift) adds its term's downloads", () => {
    expect(freeDownloadCheck([], [sub(1, 1, 2), free(2, 1), free(3, 2)])).toEqual({ ok: true });
  });

  it("raising a free download's quantity past the allowance is refused", () => {
    expect(freeDownloadCheck([sub(1, 1), free(2, 1)], [sub(1, 1), free(2, 1, 2)])).toMatchObject({ refuse: "tooMany" });
  });

  it("a shorter term clears the surplus downloads, the latest added first", () => {
    const before = [sub(1, 3), free(2, 1), free(3, 2), free(4, 4)];
    expect(freeDownloadCheck(before, [sub(5, 1), free(2, 1), free(3, 2), free(4, 4)])).toEqual({
      ok: false,
      trim: [
        { lineId: 4, code: "95-9-104", quantity: 0 },
        { lineId: 3, code: "95-9-102", quantity: 0 },
      ],
      allowed: 1,
    });
  });

  it("removing the subscription clears every free download", () => {
    const check = freeDownloadCheck([sub(1, 2), free(2, 1), free(3, 2)], [free(2, 1), free(3, 2)]);
    expect(check).toMatchObject({ trim: [{ lineId: 3 }, { lineId: 2 }], allowed: 0 });
  });

  it("the messages name the allowance", () => {
    expect(MAGAZINE_MESSAGES.tooMany(1)).toBe("Your magazine subscription includes 1 free video download.");
    expect(MAGAZINE_MESSAGES.tooMany(3)).toBe("Your magazine subscription includes 3 free video downloads.");
  });
});
