import { expect, test } from "@playwright/test";
import { createNode, freshUrl } from "./support/nodes";
import { COLLEAGUE, DEMO, logInNewBrowser } from "./support/staff-login";

test("a node a colleague creates shows on the content list and the dashboard's recently edited list within a second, without reload", async ({
  browser,
}) => {
  const editor = await logInNewBrowser(browser, DEMO);
  const tag = `livenew${Date.now().toString(36)}`;
  await editor.goto(`/admin/content/contentnode/?q=${tag}`);
  await expect(editor.getByText(/0 results? for/)).toBeVisible();
  const dashboard = await editor.context().newPage();
  await dashboard.goto("/admin/");
  const recent = dashboard.getByRole("region", { name: "Recently edited" });
  await expect(recent.getByRole("listitem").first()).toBeVisible();
  // The dashboard's socket is up (its activity feed says so); the list's opened earlier.
  await expect(
    dashboard.getByRole("region", { name: "Recent activity" }).getByText("Live", { exact: true }),
  ).toBeVisible();

  const colleague = await logInNewBrowser(browser, COLLEAGUE);
  const name = `Colleague's page ${tag}`;
  await createNode(colleague, { name, url: freshUrl(tag) });

  await expect(editor.getByRole("link", { name, exact: true })).toBeVisible({ timeout: 1000 });
  await expect(editor.locator("tbody tr")).toHaveCount(1);
  // Newest first: the new node heads the dashboard's list.
  await expect(recent.getByRole("listitem").first().getByRole("link")).toHaveText(name, { timeout: 1000 });
  await colleague.context().close();
  await editor.context().close();
});
