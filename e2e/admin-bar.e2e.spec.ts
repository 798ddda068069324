import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { logIn } from "./support/staff-login";

test("a visitor sees the content page with breadcrumbs, section nav and next link, and no admin bar", async ({ page }) => {
  await page.goto("/about/");
  await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Home");
  await expect(page.getByRole("navigation", { name: "In this section" }).getByRole("link", { name: "Our Mission" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Previous and next pages" }).getByRole("link", { name: /Donate/ })).toBeVisible();
  await expect(page.locator("cite.scripture")).toHaveText("Genesis 1:1 (NKJV)");
  await expect(page.getByText("Staff note")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Admin bar" })).toHaveCount(0);
});

test("staff edit a public page's title in place through the admin bar and save it", async ({ page }) => {
  await logIn(page);
  await page.goto("/about/history/");
  const bar = page.getByRole("region", { name: "Admin bar" });
  await expect(bar).toBeVisible();
  await expect(bar.getByTestId("admin-bar-lock")).toHaveText("Locked by Me");
  await expect(bar.getByLabel("Status")).toHaveText("Live");

  await bar.getByRole("button", { name: "Edit" }).click();
  await bar.getByRole("button", { name: "Edit this page" }).click();
  const title = page.getByRole("textbox", { name: "Edit name" });
  await title.click();
  await page.keyboard.press("End");
  await page.keyboard.type(" and Heritage");
  await expect(bar.getByText("1 unsaved edit")).toBeVisible();
  await bar.getByRole("button", { name: "Save" }).click();

  await expect(bar.getByRole("status")).toHaveText("Your changes have been saved.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our History and Heritage");
  await expect(bar.getByLabel("Status")).toHaveText("Changes Pending");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our History and Heritage");
});

test("the admin bar page has no serious or critical accessibility violations", async ({ page }) => {
  await logIn(page);
  await page.goto("/about/mission/");
  const bar = page.getByRole("region", { name: "Admin bar" });
  await expect(bar.getByTestId("admin-bar-lock")).toHaveText("Locked by Me");
  await bar.getByRole("button", { name: "Contributors" }).click();
  await expect(bar.getByRole("region", { name: "Contributors" })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});
