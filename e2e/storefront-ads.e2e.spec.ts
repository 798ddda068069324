import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { logInByApi } from "./support/staff-login";

const field = (page: Page, name: string) => page.locator(`#id_${name}`);

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

test("staff add an ad in the back office and find it in the ads list", async ({ page }) => {
  test.setTimeout(60_000); // the back office on a shared machine
  await logInByApi(page);
  const title = `Ad ${Date.now().toString(36)}`;
  await page.goto("/admin/content/ad/");
  await expect(page.getByRole("link", { name: "Visit the Ark Encounter" })).toBeVisible();
  await page.getByRole("link", { name: "Add ad" }).click();
  await field(page, "title").fill(title);
  await field(page, "link_url").fill("javascript:alert(1)");
  await field(page, "image_url").fill("/ads/ad-2.svg");
  await field(page, "alt_text").fill("A new ad");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(
    page.getByText("Link URL: Enter a path on this site (starting with /) or an https:// address."),
  ).toBeVisible();
  await field(page, "link_url").fill("/about/");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await page.goto("/admin/content/ad/");
  await expect(page.getByRole("link", { name: title })).toBeVisible();
});
