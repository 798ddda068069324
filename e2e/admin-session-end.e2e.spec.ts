import { expect, test, type Page } from "@playwright/test";
import { createNode, freshUrl } from "./support/nodes";
import { COLLEAGUE, DEMO, logIn, logInNewBrowser } from "./support/staff-login";

const row = (page: Page, name: string) =>
  page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });

test("logging out in one tab sends the user's other tab to the login page, and once logged in again there it is live again", async ({
  browser,
}) => {
  // Two tabs of one browser share the session cookie.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const first = await context.newPage();
  await logIn(first);
  const name = `Session ${Date.now().toString(36)}`;
  await createNode(first, { name, url: freshUrl("session") });
  const second = await context.newPage();
  const listUrl = `/admin/content/contentnode/?q=${encodeURIComponent(name)}`;
  await second.goto(listUrl);
  await expect(row(second, name)).toBeVisible();

  await first.getByRole("button", { name: "Log out" }).click();
  await expect(first).toHaveURL(/\/admin\/login\/$/);
  // The other tab is told at once, without a reload or a click.
  await expect(second).toHaveURL(/\/admin\/login\/$/, { timeout: 2000 });
  await expect(second.getByRole("alert")).toHaveText("You were signed out in another tab. Log in again to carry on.");
  await second.screenshot({ path: "test-results/screens/login-signed-out.png" });
  // The tab that logged out knows why; it is not told it was signed out elsewhere.
  await expect(first.getByText("You were signed out")).toHaveCount(0);

  // Logging in again brings the tab back where it was, and its socket with the new session.
  await second.getByLabel("Email").fill(DEMO.email);
  await second.getByLabel("Password").fill(DEMO.password);
  await second.getByRole("button", { name: "Log in" }).click();
  await expect(second).toHaveURL(listUrl);
  await expect(row(second, name)).toBeVisible();
  await expect(second.getByText("You were signed out")).toHaveCount(0);

  // Live again: a colleague opening the page shows on this list within a second.
  const colleague = await logInNewBrowser(browser, COLLEAGUE);
  await colleague.goto(listUrl);
  await row(colleague, name).getByRole("link", { name, exact: true }).click();
  await expect(colleague.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  await expect(row(second, name).getByText(`Locked by ${COLLEAGUE.name}`)).toBeVisible({ timeout: 1000 });

  await colleague.context().close();
  await context.close();
});
