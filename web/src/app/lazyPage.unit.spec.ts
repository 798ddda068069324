import { createElement, Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyPage, preloadPage } from "./lazyPage";

const inBoundary = (Page: ReturnType<typeof lazyPage>) =>
  renderToString(
    createElement(
      Suspense,
      { fallback: createElement("p", null, "Loading…") },
      createElement(Page, { params: { id: "7" } }),
    ),
  );

describe("lazy pages", () => {
  it("a lazy page not yet loaded renders its boundary's fallback", () => {
    const Page = lazyPage(
      async () =>
        ({ params }) =>
          createElement("h1", null, `Page ${params.id}`),
    );
    expect(inBoundary(Page)).toContain("Loading…");
  });

  it("a preloaded lazy page renders whole at once: the first visitor gets the page, the browser hydrates it", async () => {
    let loads = 0;
    const Page = lazyPage(async () => {
      loads++;
      return ({ params }) => createElement("h1", null, `Page ${params.id}`);
    });
    await preloadPage(Page);
    expect(inBoundary(Page)).toBe("<!--$--><h1>Page 7</h1><!--/$-->"); // a completed boundary
    expect(loads).toBe(1);
  });

  it("a page in the initial bundle needs no preload", async () => {
    const Plain = ({ params }: { params: Record<string, string> }) => createElement("h1", null, params.id);
    await expect(preloadPage(Plain)).resolves.toBeUndefined();
  });
});
