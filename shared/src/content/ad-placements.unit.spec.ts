import { describe, expect, it } from "vitest";
import {
  ADS_PER_PAGE,
  adHtml,
  adPlacements,
  adsForPlacements,
  bodyWithAds,
  bodyWordCount,
  paragraphCount,
  paragraphForPlacement,
  pickRandomAds,
} from "./ad-placements.ts";

describe("ad placements by word count", () => {
  it.each([
    { rule: "more than 1400 words: two placements, at a third and two thirds", words: 1401, at: [1 / 3, 2 / 3] },
    { rule: "far more than 1400 words: still two placements", words: 9000, at: [1 / 3, 2 / 3] },
    { rule: "exactly 1400 words: one placement at half", words: 1400, at: [1 / 2] },
    { rule: "more than 700 words: one placement at half", words: 701, at: [1 / 2] },
    { rule: "exactly 700 words: no placement in the body", words: 700, at: [] },
    { rule: "an empty body: no placement", words: 0, at: [] },
  ])("$rule", ({ words, at }) => {
    expect(adPlacements(words)).toEqual(at);
  });
});

describe("the body's word count", () => {
  it.each([
    ["<p>In the beginning</p><p>God created</p>", 5],
    ["<h2>Faith&nbsp;&amp;&nbsp;Science</h2>", 2],
    ["<p> </p>", 0],
  ])("%j has %i words", (html, words) => {
    expect(bodyWordCount(html)).toBe(words);
  });
});

describe("3 random ads", () => {
  it("three distinct ads are picked", () => {
    const picked = pickRandomAds(["a", "b", "c", "d", "e"], ADS_PER_PAGE, () => 0.5);
    expect(picked).toHaveLength(3);
    expect(new Set(picked).size).toBe(3);
  });
  it("the pick follows the random numbers", () => {
    expect(pickRandomAds(["a", "b", "c", "d"], 3, () => 0)).toEqual(["a", "b", "c"]);
    expect(pickRandomAds(["a", "b", "c", "d"], 3, () => 0.99)).toEqual(["d", "c", "b"]);
  });
  it("fewer ads than three: all of them", () => {
    expect(pickRandomAds(["a"], 3, Math.random)).toEqual(["a"]);
  });
});

describe("an ad goes after the paragraph at its placement", () => {
  it.each([
    [1 / 2, 10, 5],
    [1 / 3, 10, 3],
    [2 / 3, 10, 7],
    [1 / 3, 1, 1],
    [1 / 2, 0, 0],
  ])("at %d of %i paragraphs: after paragraph %i", (fraction, paragraphs, after) => {
    expect(paragraphForPlacement(fraction, paragraphs)).toBe(after);
  });

  it("paragraph ends are counted", () => {
    expect(paragraphCount("<p>a</p><P>b</P ><div>c</div>")).toBe(2);
  });

  const ad = { title: "T", link_url: "/visit/?a=1&b=2", image_url: "/ads/ad-1.svg", alt_text: 'Say "hi"' };

  it("the ad is a plain link with its image, labelled Advertisement, its text escaped", () => {
    expect(adHtml(ad)).toBe(
      '<div class="content-ad" role="group" aria-label="Advertisement"><a href="/visit/?a=1&amp;b=2">' +
        '<img src="/ads/ad-1.svg" alt="Say &quot;hi&quot;" loading="lazy" width="600" height="150"></a></div>',
    );
  });

  it("each ad follows its paragraph; one with no paragraph goes at the end", () => {
    const body = "<p>1</p><p>2</p><p>3</p>";
    expect(bodyWithAds(body, [{ ...ad, after_paragraph: 2 }])).toBe(`<p>1</p><p>2</p>${adHtml(ad)}<p>3</p>`);
    expect(bodyWithAds("<div>x</div>", [{ ...ad, after_paragraph: 0 }])).toBe(`<div>x</div>${adHtml(ad)}`);
    expect(bodyWithAds(body, [])).toBe(body);
  });

  const own1 = { kind: "own", title: "own 1" };
  const own2 = { kind: "own", title: "own 2" };
  const magazine = { kind: "magazine", title: "magazine" };

  it("spec 9: a long page's third takes a magazine ad and its two thirds one of our own", () => {
    expect(adsForPlacements([1 / 3, 2 / 3], [own1, own2, magazine])).toEqual([magazine, own1]);
    expect(adsForPlacements([1 / 3, 2 / 3], [magazine, own2, own1])).toEqual([magazine, own2]);
  });

  it("spec 9: with no ad of the kind asked for, the next picked one fills the placement", () => {
    expect(adsForPlacements([1 / 3, 2 / 3], [own1, own2])).toEqual([own1, own2]);
    expect(adsForPlacements([1 / 3, 2 / 3], [magazine])).toEqual([magazine]);
    expect(adsForPlacements([1 / 2], [own2, magazine])).toEqual([own2]);
    expect(adsForPlacements([], [own1, magazine])).toEqual([]);
  });
});
