import { expect, test, type Page } from "@playwright/test";
import { createNode, freshUrl } from "./support/nodes";
import { logInByApi } from "./support/staff-login";

/** A fresh page in the form with one saved scheduled action; returns its row. */
async function pageWithSavedAction(page: Page, name: string) {
  await logInByApi(page);
  const node = await createNode(page, { name, url: freshUrl("refusals"), body: "<p>Scheduled.</p>" });
  await page.goto(`/admin/content/contentnode/${node.id}/`);
  await expect(page.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  await page.getByRole("button", { name: "Schedule an action" }).click();
  const row = page.getByRole("list", { name: "Scheduled actions" }).getByRole("listitem");
  await row.getByLabel("Time", { exact: true }).fill("2031-05-01 09:30");
  await row.getByLabel("Action").selectOption("publish");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByText("saved", { exact: true })).toBeVisible();
  return row;
}

/** The server's answer to a refused change, as error-answers.ts builds it. */
const refusal = (status: number, code: string, message: string) => ({
  status,
  contentType: "application/json",
  body: JSON.stringify({ metadata: { success: false, code, message, errors: [`__all__: ${message}`] } }),
});

test("back office 8: a change to an action that already ran says so, not 'The action could not be unlocked.'", async ({
  page,
}) => {
  const row = await pageWithSavedAction(page, "Ran Already Page");
  // The runner takes the action between the page's read and the editor's click: fixed here, as the
  // race is too quick to stage (the server's answer itself is tested in scheduled-actions.int.spec.ts).
  const message = "This action has already run; it can no longer be changed.";
  await page.route("**/admin/api/base/cmsactionevent/*/", (route) =>
    route.request().method() === "DELETE" ? route.fulfill(refusal(409, "ALREADY_RAN", message)) : route.fallback(),
  );
  await row.getByRole("button", { name: "Cancel action" }).click();
  const status = page.locator(".scheduled-actions").getByRole("status");
  await expect(status).toHaveText(message);
  await expect(page.getByText("The action could not be unlocked.")).toHaveCount(0);
});

test("back office 8: a change to an action cancelled meanwhile says it was cancelled", async ({ page }) => {
  const row = await pageWithSavedAction(page, "Cancelled Meanwhile Page");
  await page.route("**/admin/api/base/cmsactionevent/*/", (route) =>
    route.request().method() === "PUT" ? route.fulfill(refusal(404, "NOT_FOUND", "Not found.")) : route.fallback(),
  );
  await row.getByLabel("Time", { exact: true }).fill("2031-06-01 09:30");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(page.locator(".scheduled-actions").getByRole("status")).toHaveText(
    "This action was cancelled meanwhile; it can no longer be changed.",
  );
});
