import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

// Spec 26.4: one search across the store and the site's pages.

const SIZES = [
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true },
  { name: "desktop", viewport: { width: 1280, height: 800 }, isMobile: false },
] as const;

/** Every console error and uncaught error of the page (a hydration mismatch is one: React #418). */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, isMobile: size.isMobile });

    test(`spec 26.4: "visitor" finds the Visitor Guide page; the results page logs no error (${size.name})`, async ({
      page,
    }) => {
      const errors = errorsOf(page);
      await page.goto("/search/?q=visitor");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “visitor”");
      const pages = page.getByRole("region", { name: "Pages" });
      await expect(pages.getByRole("link").first()).toHaveText("Visitor Guide");
      await expect(page.getByRole("region", { name: "Products" })).toContainText("No products match.");
      // The section with results comes first.
      await expect(page.locator(".search-section h2")).toHaveText(["Pages", "Products"]);
      await page.waitForLoadState("networkidle");
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
      await pages.getByRole("link", { name: "Visitor Guide" }).click();
      await expect(page).toHaveURL(/\/visitor-guide\/$/);
      expect(errors).toEqual([]);
    });

    test(`spec 26.4: products and pages in sections, from the header's search; a loading state while it runs (${size.name})`, async ({
      page,
    }) => {
      const errors = errorsOf(page);
      await page.goto("/");
      await page.waitForLoadState("networkidle");
      // The pages' answer is held back a moment, as on a slow network.
      await page.route("**/api/search/pages/**", async (route) => {
        await new Promise((r) => setTimeout(r, 1500));
        await route.continue();
      });
      await page.getByRole("banner").getByRole("button", { name: "Search", exact: true }).click();
      await page.getByLabel("Search the store and site").fill("answers");
      await page.getByLabel("Search the store and site").press("Enter");
      await expect(page).toHaveURL(/\/search\/\?q=answers$/);
      await expect(page.getByRole("status").filter({ hasText: "Searching…" })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: /\d+ results/ })).toBeVisible();
      const products = page.getByRole("region", { name: "Products" });
      await expect(products.getByRole("link", { name: /The New Answers Book/ }).first()).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Result sections" }).getByRole("link")).toHaveText([
        /^Products \(\d+\)$/,
        /^Pages \(\d+\)$/,
      ]);
      expect(errors).toEqual([]);
    });

    test(`spec 26.4: nothing found offers searches to try and the categories (${size.name})`, async ({ page }) => {
      const errors = errorsOf(page);
      await page.goto("/search/?q=zebrafishqq");
      await expect(page.getByText("Nothing matches “zebrafishqq”.")).toBeVisible();
      const ideas = page.getByRole("list", { name: "Try searching for" });
      await expect(ideas.getByRole("link", { name: "Visitor Guide" })).toHaveAttribute(
        "href",
        "/search/?q=Visitor+Guide",
      );
      const categories = page.getByRole("region", { name: "Or browse a category" });
      await expect(categories.getByRole("link", { name: /^Books \d+ products$/ })).toHaveAttribute(
        "href",
        "/store/#category=books",
      );
      await ideas.getByRole("link", { name: "Visitor Guide" }).click();
      await expect(page.getByRole("region", { name: "Pages" }).getByRole("link").first()).toHaveText("Visitor Guide");
      expect(errors).toEqual([]);
    });
  });
}

test("spec 26.4: the phone search panel is whole on the screen", async ({ browser }) => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await phone.newPage();
  await page.goto("/store/");
  await page.getByRole("banner").getByRole("button", { name: "Search", exact: true }).click();
  const box = await page.locator(".nav-panel.search .nav-panel-body").boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await phone.close();
});

test("spec 26.4: the store list's own search address (/store/#q=) hydrates without an error", async ({ page }) => {
  const errors = errorsOf(page);
  await page.goto("/store/#q=ark");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “ark”");
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
});
