import { describe, expect, it } from "vitest";
import {
  breadcrumbs,
  digDeeper,
  headingSlug,
  previousAndNext,
  relatedByKeywords,
  sectionNav,
  tableOfContents,
} from "./page-furniture.ts";

describe("table of contents from the body's headings", () => {
  it.each([
    {
      rule: "h2 to h4 are listed in document order with their level",
      html: "<h2>Creation</h2><p>x</p><h3>Day one</h3><h4>Light</h4><h5>Not listed</h5>",
      toc: [
        { id: "creation", title: "Creation", level: 2 },
        { id: "day-one", title: "Day one", level: 3 },
        { id: "light", title: "Light", level: 4 },
      ],
    },
    {
      rule: "a heading keeps the id it has",
      html: '<h2 class="x" id="start">Start here</h2>',
      toc: [{ id: "start", title: "Start here", level: 2 }],
    },
    {
      rule: "a taken anchor gets -2, -3 (also when another element holds it)",
      html: '<p id="faq"></p><h2>FAQ</h2><h2>FAQ</h2>',
      toc: [
        { id: "faq-2", title: "FAQ", level: 2 },
        { id: "faq-3", title: "FAQ", level: 2 },
      ],
    },
    {
      rule: "the title is the heading's text: markup dropped, entities decoded",
      html: "<h2>Faith &amp; <em>Science</em></h2>",
      toc: [{ id: "faith-science", title: "Faith & Science", level: 2 }],
    },
    { rule: "an empty heading is left out", html: "<h2> <br></h2>", toc: [] },
  ])("$rule", ({ html, toc }) => {
    expect(tableOfContents(html).toc).toEqual(toc);
  });

  it("headings without an id get their anchor in the returned html, the rest is untouched", () => {
    const { html } = tableOfContents('<p>a</p><h2 class="lead">Why Genesis?</h2><h3 id="k">Kept</h3>');
    expect(html).toBe('<p>a</p><h2 id="why-genesis" class="lead">Why Genesis?</h2><h3 id="k">Kept</h3>');
  });

  it.each([
    ["Why Genesis? (Part 1)", "why-genesis-part-1"],
    ["Créé", "cree"],
    ["???", "section"],
  ])("the anchor of %j is %j", (text, slug) => {
    expect(headingSlug(text)).toBe(slug);
  });
});

describe("previous/next among the siblings, in their listed order", () => {
  const siblings = [{ id: 4 }, { id: 2 }, { id: 9 }];
  it.each([
    { rule: "the first has no previous", id: 4, previous: null, next: { id: 2 } },
    { rule: "a middle page has both", id: 2, previous: { id: 4 }, next: { id: 9 } },
    { rule: "the last has no next", id: 9, previous: { id: 2 }, next: null },
    { rule: "a page not listed (hidden) has neither", id: 7, previous: null, next: null },
  ])("$rule", ({ id, previous, next }) => {
    expect(previousAndNext(siblings, id)).toEqual({ previous, next });
  });
});

describe("breadcrumbs", () => {
  it("run from the root to the page itself", () => {
    const home = { title: "Home", url: "/" };
    const about = { title: "About", url: "/about/" };
    expect(breadcrumbs([home, about], { title: "Mission", url: "/about/mission/" })).toEqual([
      home,
      about,
      { title: "Mission", url: "/about/mission/" },
    ]);
  });
});

describe("the left nav lists the page's section", () => {
  const about = { title: "About", url: "/about/" };
  const mission = { title: "Mission", url: "/about/mission/" };
  const history = { title: "History", url: "/about/history/" };
  it("a page with children heads its own section", () => {
    expect(sectionNav(about, null, [history, mission], [about])).toEqual({
      ...about,
      links: [
        { ...history, current: false },
        { ...mission, current: false },
      ],
    });
  });
  it("a leaf is listed among its siblings under its parent, marked current", () => {
    expect(sectionNav(mission, about, [], [history, mission])).toEqual({
      ...about,
      links: [
        { ...history, current: false },
        { ...mission, current: true },
      ],
    });
  });
  it("a root page without children has no section", () => {
    expect(sectionNav({ title: "Home", url: "/" }, null, [], [])).toBeNull();
  });
});

describe("related items are the pages sharing keywords", () => {
  const node = (id: number, title: string) => ({ id, title, url: `/${id}/` });
  const a = node(1, "Zebra");
  const b = node(2, "Ark");
  const c = node(3, "Boat");
  it.each([
    { rule: "more keywords in common come first", shares: [a, b, a, c], ids: [1, 2, 3] },
    { rule: "ties are ordered by title", shares: [a, c, b], ids: [2, 3, 1] },
    { rule: "the page itself is never listed", shares: [node(9, "Self"), b], ids: [2] },
    { rule: "no keywords in common, no related items", shares: [], ids: [] },
  ])("$rule", ({ shares, ids }) => {
    expect(relatedByKeywords(9, shares).map((n) => n.id)).toEqual(ids);
  });
  it("at most five are listed", () => {
    const many = Array.from({ length: 8 }, (_, i) => node(i + 10, `Page ${i}`));
    expect(relatedByKeywords(1, many)).toHaveLength(5);
  });
});

describe("dig deeper", () => {
  it("lists the pages under this one with their short descriptions", () => {
    expect(digDeeper([{ title: "Mission", url: "/m/", short_description: "What we do." }])).toEqual([
      { title: "Mission", url: "/m/", summary: "What we do." },
    ]);
  });
});
