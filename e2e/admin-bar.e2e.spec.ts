import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createNode, freshUrl, readNode } from "./support/nodes";
import { logInByApi } from "./support/staff-login";

const UNSAVED = "If you leave this page your changes will be lost.";

async function startEditing(page: Page) {
  const bar = page.getByRole("region", { name: "Admin bar" });
  await expect(bar.getByTestId("admin-bar-lock")).toHaveText("Locked by Me");
  await bar.getByRole("button", { name: "Edit" }).click();
  await bar.getByRole("button", { name: "Edit this page" }).click();
  return bar;
}

async function typeAtEndOfTitle(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Edit name" }).click();
  await page.keyboard.press("End");
  await page.keyboard.type(text);
}

test("a visitor sees the content page with breadcrumbs, section nav and next link, and no admin bar", async ({
  page,
}) => {
  await page.goto("/about/");
  await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Home");
  await expect(
    page.getByRole("navigation", { name: "In this section" }).getByRole("link", { name: "Our Mission" }),
  ).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Previous and next pages" }).getByRole("link", { name: /Donate/ }),
  ).toBeVisible();
  await expect(page.locator("cite.scripture")).toHaveText("Genesis 1:1 (NKJV)");
  await expect(page.getByText("Staff note")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Admin bar" })).toHaveCount(0);
});

test("staff edit a public page's title in place through the admin bar and save it", async ({ page }) => {
  await logInByApi(page);
  await page.goto("/about/history/");
  const bar = await startEditing(page);
  await expect(bar.getByLabel("Status")).toHaveText("Live");
  await typeAtEndOfTitle(page, " and Heritage");
  await expect(bar.getByText("1 unsaved edit")).toBeVisible();
  await bar.getByRole("button", { name: "Save" }).click();

  await expect(bar.getByRole("status").filter({ hasText: "saved" })).toHaveText("Your changes have been saved.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our History and Heritage");
  await expect(bar.getByLabel("Status")).toHaveText("Changes Pending");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our History and Heritage");
});

test("editing only the title leaves a body the browser would rewrite byte-identical", async ({ page }) => {
  await logInByApi(page);
  // The browser reads this back as `<img ...>` (no slash): only a changed field may be sent.
  const body =
    '<p>Tools &amp; tips</p>\n<img src="/media/ark.png" alt="The Ark" />\n<p>Q&amp;A: {% scripture "Genesis 6:15" %}</p>';
  const node = await createNode(page, { name: "Tools and Tips", url: freshUrl("tools"), body });
  await page.goto(node.url);
  const bar = await startEditing(page);
  await typeAtEndOfTitle(page, " Today");
  await expect(bar.getByText("1 unsaved edit")).toBeVisible();
  await bar.getByRole("button", { name: "Save" }).click();
  await expect(bar.getByText("Your changes have been saved.")).toBeVisible();

  const saved = await readNode(page, node.id);
  expect(saved.name).toBe("Tools and Tips Today");
  expect(saved.body).toBe(body);
});

test("leaving a page with unsaved in-place edits asks first, by link and by closing the tab", async ({ page }) => {
  await logInByApi(page);
  const node = await createNode(page, { name: "Leaving Test", url: freshUrl("leaving") });
  await page.goto(node.url);
  const bar = await startEditing(page);
  await typeAtEndOfTitle(page, " (edited)");
  await expect(bar.getByText("1 unsaved edit")).toBeVisible();

  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Home" }).click();
  await expect.poll(() => asked).toEqual([`confirm: ${UNSAVED}`]);
  // Staying keeps the page and what was typed.
  await expect(page).toHaveURL(new RegExp(`${node.url}$`));
  await expect(page.getByRole("textbox", { name: "Edit name" })).toHaveText("Leaving Test (edited)");

  page.once("dialog", (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toEqual([`confirm: ${UNSAVED}`, "beforeunload"]);
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("the admin bar page has no serious or critical accessibility violations, and fits 767 px", async ({ page }) => {
  await logInByApi(page);
  await page.goto("/about/mission/");
  const bar = page.getByRole("region", { name: "Admin bar" });
  await expect(bar.getByTestId("admin-bar-lock")).toHaveText("Locked by Me");
  await page.screenshot({ path: "test-results/screens/admin-bar.png" });
  await bar.getByRole("button", { name: "Contributors" }).click();
  await expect(bar.getByRole("region", { name: "Contributors" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 767, height: 900 });
  await expect(bar.getByRole("button", { name: "Save" })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
  await page.screenshot({ path: "test-results/screens/admin-bar-767.png", fullPage: true });
});
