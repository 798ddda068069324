import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

const DEMO = { email: "demo@example.org", password: "demo-password" };

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("the login page, the content list and the node form have no serious or critical accessibility violations", async ({ page }) => {
  await page.goto("/admin/login/");
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel("Email").fill(DEMO.email);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

  await page.goto("/admin/content/contentnode/");
  await expect(page.locator("tbody tr").first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/admin/content/contentnode/2/");
  await expect(page.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: "test-results/screens/form.png", fullPage: true });

  await page.getByRole("button", { name: "Locked by Me" }).click();
  await expect(page.getByRole("dialog", { name: "Why are you locking this object?" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("at 767 px the list and the form stay usable", async ({ page }) => {
  await page.setViewportSize({ width: 767, height: 900 });
  await page.goto("/admin/login/");
  await page.getByLabel("Email").fill(DEMO.email);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await page.goto("/admin/content/contentnode/");
  await expect(page.getByRole("link", { name: "Home", exact: true })).toBeVisible();
  // The column headers are hidden at this width: the sort select takes their place.
  await page.getByLabel("Sort by").selectOption({ label: "Name (Z–A)" });
  await expect(page).toHaveURL(/sort=-name/);
  await expect(page.locator("tbody tr td:first-child").first()).toHaveText("Visit the Ark");
  await page.screenshot({ path: "test-results/screens/list-767.png", fullPage: true });
  await page.getByRole("link", { name: "About Us" }).click();
  await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "test-results/screens/form-767.png", fullPage: true });
});
