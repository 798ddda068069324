import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createNode, freshUrl } from "./support/nodes";
import { DEMO, logInByApi } from "./support/staff-login";

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A fresh page in the form, so nothing here is saved over another test's page. */
async function openFreshForm(page: Page) {
  const node = await createNode(page, {
    name: "Accessibility Check",
    url: freshUrl("a11y"),
    body: "<p>Checked by axe.</p>",
  });
  await page.goto(`/admin/content/contentnode/${node.id}/`);
  await expect(page.getByRole("button", { name: "Locked by Me" })).toBeVisible();
}

test("the login page, the content list and the node form have no serious or critical accessibility violations", async ({
  page,
}) => {
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
  await page.screenshot({ path: "test-results/screens/list-1280.png", fullPage: true });

  await openFreshForm(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: "test-results/screens/form.png", fullPage: true });
});

test("the form stays accessible with the toolbox, the lock dialog and the warnings dialog open", async ({ page }) => {
  await logInByApi(page);
  await openFreshForm(page);

  await page.getByRole("button", { name: "View Toolbox" }).click();
  const toolbox = page.getByRole("region", { name: "Toolbox" });
  await toolbox.getByText("Scripture", { exact: true }).click();
  await toolbox.getByText("Restrict content", { exact: true }).click();
  await expect(toolbox.getByLabel("Reference")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await toolbox.screenshot({ path: "test-results/screens/toolbox.png" });
  await page.screenshot({ path: "test-results/screens/form-toolbox.png", fullPage: true });
  await toolbox.getByRole("button", { name: "Close toolbox" }).click();

  await page.getByRole("button", { name: "Locked by Me" }).click();
  const lockDialog = page.getByRole("dialog", { name: "Why are you locking this object?" });
  await lockDialog.getByRole("button", { name: "Change reason or comment" }).click();
  await expect(lockDialog.getByLabel("Reason")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: "test-results/screens/lock-dialog.png" });
  await lockDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(lockDialog).toBeHidden();

  await page.getByLabel("Short description").fill("x".repeat(161));
  await page.getByRole("button", { name: "Save" }).click();
  const warnings = page.getByRole("alertdialog", { name: "Please review these warnings" });
  await expect(warnings.getByRole("button", { name: "Continue (ignore warnings)" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: "test-results/screens/warnings-dialog.png" });
  await warnings.getByRole("button", { name: "Cancel" }).click();
});

test("at 767 px the list and the form with the toolbox open stay usable, with no sideways scrolling", async ({
  page,
}) => {
  await page.setViewportSize({ width: 767, height: 900 });
  await logInByApi(page);
  await page.goto("/admin/content/contentnode/");
  await expect(page.getByRole("link", { name: "Home", exact: true })).toBeVisible();
  // The column headers are hidden at this width: the sort select takes their place.
  await page.getByLabel("Sort by").selectOption({ label: "Name (Z–A)" });
  await expect(page).toHaveURL(/sort=-name/);
  // Last by name in the demo data (after "Visit the Ark", which another test may rename "Visit the Ark Today").
  await expect(page.locator("tbody tr td:first-child").first()).toHaveText("Visitor Guide");
  await expect(page.locator("tbody tr").first().locator("td.lock-cell")).toBeHidden();
  await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "test-results/screens/list-767.png", fullPage: true });

  await openFreshForm(page);
  await page.getByRole("button", { name: "View Toolbox" }).click();
  const toolbox = page.getByRole("region", { name: "Toolbox" });
  for (const tool of ["Get urls", "Get related contentnodes", "Restrict content"])
    await toolbox.getByText(tool, { exact: true }).click();
  await expect(toolbox.getByLabel("Collection filter")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
  await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "test-results/screens/form-toolbox-767.png", fullPage: true });
});
