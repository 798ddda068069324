import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

/** Records window.open calls instead of opening windows. */
async function spyOnWindowOpen(page: Page) {
  await page.addInitScript(() => {
    const calls: unknown[][] = [];
    (window as unknown as { openCalls: unknown[][] }).openCalls = calls;
    window.open = (...args: unknown[]) => {
      calls.push(args);
      return null;
    };
  });
}

const openCalls = (page: Page) => page.evaluate(() => (window as unknown as { openCalls: unknown[][] }).openCalls);

test("a leaf page shows breadcrumbs, its section with itself current, and previous/next", async ({ page }) => {
  await page.goto("/about/mission/");
  await expect(page.getByRole("heading", { level: 1, name: "Our Mission" })).toBeVisible();
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link")).toHaveText(["Home", "About Us"]);
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText("Our Mission");
  const section = page.getByRole("navigation", { name: "In this section" });
  await expect(section.getByRole("link", { name: "About Us" })).toBeVisible();
  await expect(section.getByRole("link", { name: "Our Mission" })).toHaveAttribute("aria-current", "page");
  const prevNext = page.getByRole("navigation", { name: "Previous and next pages" });
  await prevNext.getByRole("link", { name: /Our History/ }).click();
  await expect(page).toHaveURL(/\/about\/history\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Our History/);
  await expect(
    page.getByRole("navigation", { name: "Previous and next pages" }).getByRole("link", { name: /Our Mission/ }),
  ).toBeVisible();
});

test("a section page digs deeper into its pages and lists pages related by keywords", async ({ page }) => {
  await page.goto("/about/");
  const dig = page.getByRole("region", { name: "Dig deeper" });
  await expect(dig.getByRole("link")).toHaveText([/Our History/, "Our Mission"]);
  await expect(dig).toContainText("What we believe and what we do.");
  await page.goto("/about/mission/");
  await expect(page.getByRole("region", { name: "Related" }).getByRole("link")).toHaveText(["About Us", /Our History/]);
});

test("the table of contents lists the body's headings and its links jump to them", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.goto("/about/mission/");
  const toc = page.getByRole("navigation", { name: "On this page" });
  await expect(toc.getByRole("link")).toHaveText(["What we believe", "Creation & the Flood", "What we do"]);
  await toc.getByRole("link", { name: "What we do" }).click();
  await expect(page).toHaveURL(/#what-we-do$/);
  await expect(page.getByRole("heading", { level: 2, name: "What we do" })).toBeInViewport();
});

test("network shares open a 600x600 popup and email slides open its providers, by keyboard", async ({ page }) => {
  // The toolbar is the browser's alone: the server never renders it, not even once it has loaded the chunk.
  for (let i = 0; i < 2; i++) {
    const html = await (await page.request.get("/about/mission/", { headers: { Accept: "text/html" } })).text();
    expect(html).toContain("Our Mission");
    expect(html).not.toContain("Share on Facebook");
  }
  await spyOnWindowOpen(page);
  await page.goto("/about/mission/");
  const toolbar = page.getByRole("region", { name: "Share this page" });
  await expect(toolbar.getByRole("link", { name: /Google/ })).toHaveCount(0);
  const facebook = toolbar.getByRole("link", { name: "Share on Facebook" });
  await facebook.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => openCalls(page)).toHaveLength(1);
  const [[url, name, features]] = await openCalls(page);
  expect(url).toBe(
    `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(new URL("/about/mission/", page.url()).href)}`,
  );
  expect(name).toBe("share");
  expect(features).toContain("width=600,height=600");

  const email = toolbar.getByRole("button", { name: "Email" });
  await expect(email).toHaveAttribute("aria-expanded", "false");
  await email.focus();
  await page.keyboard.press("Enter");
  await expect(email).toHaveAttribute("aria-expanded", "true");
  await expect(toolbar.getByRole("link", { name: "Email app" })).toHaveAttribute(
    "href",
    /^mailto:\?subject=Our%20Mission/,
  );
  await toolbar.getByRole("link", { name: "Gmail" }).click();
  await expect.poll(async () => (await openCalls(page)).length).toBe(2);
});

test("spec 27.1: a share is sent to analytics with the network's name", async ({ page }) => {
  await spyOnWindowOpen(page);
  await page.goto("/about/mission/");
  const sent = page.waitForRequest(
    (r) => r.url().endsWith("/api/analytics/") && (r.postData() ?? "").includes('"share"'),
    { timeout: 15_000 },
  );
  await page.getByRole("region", { name: "Share this page" }).getByRole("link", { name: "Share on Facebook" }).click();
  const events = JSON.parse((await sent).postData() ?? "{}").events;
  expect(events).toContainEqual({ name: "share", target: "Facebook", path: "/about/mission/" });
});

test("on a phone the section nav follows the article and the page is axe clean", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/about/mission/");
  await expect(page.getByRole("region", { name: "Share this page" })).toBeVisible();
  const article = await page.locator(".content-article").boundingBox();
  const nav = await page.getByRole("navigation", { name: "In this section" }).boundingBox();
  expect(nav!.y).toBeGreaterThan(article!.y);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});

test("between 900 and 1200 px the left nav floats beside the article", async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 500 });
  await page.goto("/about/mission/");
  const nav = page.getByRole("navigation", { name: "In this section" });
  await expect(nav).toHaveCSS("position", "sticky");
  await page.setViewportSize({ width: 1400, height: 500 });
  await expect(nav).toHaveCSS("position", "static");
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});

test("the live-chat link is hidden until a chat widget appears, then opens it", async ({ page }) => {
  await page.goto("/about/mission/");
  await expect(page.getByRole("region", { name: "Share this page" })).toBeVisible();
  const link = page.getByRole("button", { name: "Live chat" });
  await expect(link).toHaveCount(0);
  await page.evaluate(() => {
    const widget = document.createElement("div");
    widget.setAttribute("data-live-chat-widget", "");
    const button = document.createElement("button");
    button.textContent = "Chat with us";
    button.addEventListener("click", () => button.setAttribute("aria-expanded", "true"));
    widget.append(button);
    document.body.append(widget);
  });
  await link.click();
  await expect(page.getByRole("button", { name: "Chat with us" })).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("button", { name: "Chat with us" })).toBeFocused();
});
