import { describe, expect, it } from "vitest";
import { paginationWindow, type PageLink } from "./pagination.ts";

const labels = (links: PageLink[]) => links.map((l) => l.label);
const pages = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

describe("one page or everything shown: no pager", () => {
  it.each([
    ["no results", { total: 0, count: 10, start: 0 }, 0],
    ["fewer results than a page", { total: 7, count: 10, start: 0 }, 1],
    ["exactly one page", { total: 10, count: 10, start: 0 }, 1],
    ["everything already shown (count -1)", { total: 500, count: -1, start: 0 }, 1],
  ])("%s", (_rule, request, pageCount) => {
    expect(paginationWindow(request)).toEqual({ pageCount, currentPage: 1, links: [] });
  });
});

describe("up to 20 pages: a link per page and Show All", () => {
  it.each([
    ["two pages", { total: 11, count: 10, start: 10 }, pages(1, 2), 2],
    ["five pages", { total: 50, count: 10, start: 20 }, pages(1, 5), 3],
    ["exactly 20 pages", { total: 200, count: 10, start: 190 }, pages(1, 20), 20],
  ])("%s", (_rule, request, pageLabels, currentPage) => {
    const window = paginationWindow(request);
    expect(labels(window.links)).toEqual([...pageLabels, "Show All"]);
    expect(window.currentPage).toBe(currentPage);
    expect(window.links.filter((l) => l.current).map((l) => l.label)).toEqual([String(currentPage)]);
  });

  it("each page link carries its start offset and count; Show All is start 0, count -1", () => {
    const { links } = paginationWindow({ total: 25, count: 10, start: 0 });
    expect(links.map(({ start, count }) => [start, count])).toEqual([
      [0, 10],
      [10, 10],
      [20, 10],
      [0, -1],
    ]);
  });
});

describe("beyond 20 pages the window of 20 moves with the current page", () => {
  it.each([
    [
      "21 pages, at the beginning: no First link, Last: 21",
      { total: 210, count: 10, start: 0 },
      [...pages(1, 20), "Next 20 pages ›", "Last: 21 »", "Show All"],
    ],
    [
      "21 pages, at the end: First: 1, no Last link",
      { total: 210, count: 10, start: 200 },
      ["« First: 1", "‹ Previous 20 pages", ...pages(2, 21), "Show All"],
    ],
    [
      "100 pages, at page 1",
      { total: 1000, count: 10, start: 0 },
      [...pages(1, 20), "Next 20 pages ›", "Last: 100 »", "Show All"],
    ],
    [
      "100 pages, at page 50: the window centres on it",
      { total: 1000, count: 10, start: 490 },
      ["« First: 1", "‹ Previous 20 pages", ...pages(40, 59), "Next 20 pages ›", "Last: 100 »", "Show All"],
    ],
    [
      "100 pages, at the last page",
      { total: 995, count: 10, start: 990 },
      ["« First: 1", "‹ Previous 20 pages", ...pages(81, 100), "Show All"],
    ],
    [
      "page 11 still fits the first window",
      { total: 1000, count: 10, start: 100 },
      [...pages(1, 20), "Next 20 pages ›", "Last: 100 »", "Show All"],
    ],
    [
      "page 12 moves the window on by one",
      { total: 1000, count: 10, start: 110 },
      ["« First: 1", "‹ Previous 20 pages", ...pages(2, 21), "Next 20 pages ›", "Last: 100 »", "Show All"],
    ],
  ])("%s", (_rule, request, expected) => {
    expect(labels(paginationWindow(request).links)).toEqual(expected);
  });

  it.each([
    ["First goes to the first page", "first", 0],
    ["the previous set jumps 20 pages back", "previous-set", 290],
    ["the next set jumps 20 pages on", "next-set", 690],
    ["Last goes to the last page", "last", 990],
  ])("%s", (_rule, kind, start) => {
    const { links } = paginationWindow({ total: 1000, count: 10, start: 490 });
    expect(links.find((l) => l.kind === kind)?.start).toBe(start);
  });

  it.each([
    ["the previous set stops at the first page", 130, "previous-set", 0],
    ["the next set stops at the last page", 850, "next-set", 990],
  ])("%s", (_rule, start, kind, target) => {
    const { links } = paginationWindow({ total: 1000, count: 10, start });
    expect(links.find((l) => l.kind === kind)?.start).toBe(target);
  });
});

describe("an out-of-range start shows the nearest page", () => {
  it.each([
    [{ total: 50, count: 10, start: 9999 }, 5],
    [{ total: 50, count: 10, start: -20 }, 1],
    [{ total: 50, count: 10, start: 15 }, 2],
  ])("%j is page %i", (request, currentPage) => {
    expect(paginationWindow(request).currentPage).toBe(currentPage);
  });
});
