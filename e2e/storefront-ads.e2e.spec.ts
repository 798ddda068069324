import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

const LONG_PAGE = "/visitor-guide/the-ark-in-depth/";

test("a long content page shows two ads in its body, server-rendered, and stays axe clean", async ({
  page,
  request,
}) => {
  // Server-rendered: the HTML the server sends already holds the ads (plain links, no script of their own).
  const html = await (await request.get(LONG_PAGE)).text();
  expect(html.match(/aria-label="Advertisement"/g)).toHaveLength(2);

  await page.goto(LONG_PAGE);
  await expect(page.getByRole("heading", { level: 1, name: "The Ark in Depth" })).toBeVisible();
  const ads = page.getByRole("group", { name: "Advertisement" });
  await expect(ads).toHaveCount(2);
  const first = ads.first();
  await first.scrollIntoViewIfNeeded();
  await expect(first.getByRole("link")).toHaveAttribute("href", /^\/(visit|about|store\/magazine)\/$/);
  await expect(first.getByRole("img")).toHaveAttribute("alt", /\S/);
  // Each ad follows a paragraph of the body.
  expect(await first.evaluate((el) => el.previousElementSibling?.tagName)).toBe("P");

  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});
