import { expect, test } from "@playwright/test";
import { COLLEAGUE, DEMO, logInNewBrowser } from "./support/staff-login";

test("a new node's slug follows its name, and publishing it shows Live on a colleague's list without reload", async ({
  browser,
}) => {
  const a = await logInNewBrowser(browser, DEMO);
  const b = await logInNewBrowser(browser, COLLEAGUE);
  await a.goto("/admin/content/contentnode/add/");
  await a.getByLabel("Name").fill("Flood Geology: An Overview");
  await expect(a.getByLabel("Slug")).toHaveValue("flood-geology-an-overview");
  await a.getByRole("button", { name: "Save" }).click();
  // No parent: the root-node warning is ignorable.
  await a.getByRole("alertdialog").getByRole("button", { name: "Continue (ignore warnings)" }).click();
  await expect(a).toHaveURL(/\/admin\/content\/contentnode\/\d+\/$/);
  await expect(a.getByTestId("node-status")).toHaveText("Beta");

  await b.goto("/admin/content/contentnode/?q=flood");
  const row = b.getByRole("row").filter({ hasText: "Flood Geology: An Overview" });
  await expect(row.getByText("Beta")).toBeVisible();
  await a.getByRole("button", { name: "Publish" }).click();
  await expect(a.getByTestId("node-status")).toHaveText("Live");
  await expect(row.getByText("Live")).toBeVisible({ timeout: 1000 });
  await a.context().close();
  await b.context().close();
});

test("a 161-character short description opens the warnings dialog, and 'Continue (ignore warnings)' saves it", async ({
  browser,
}) => {
  const a = await logInNewBrowser(browser, DEMO);
  await a.goto("/admin/content/contentnode/5/");
  await expect(a.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  const text = "x".repeat(161);
  await a.getByLabel("Short description").fill(text);
  await a.getByRole("button", { name: "Save" }).click();
  const dialog = a.getByRole("alertdialog");
  await expect(dialog).toContainText("Your short description is too long. Please shorten it to 160 characters.");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();
  await dialog.getByRole("button", { name: "Continue (ignore warnings)" }).click();
  await expect(a.getByText("Your changes have been saved.")).toBeVisible();
  await a.reload();
  await expect(a.getByLabel("Short description")).toHaveValue(text);
  await a.context().close();
});

test("a published date without a last published date is listed under 'Please correct the following errors:'", async ({
  browser,
}) => {
  const a = await logInNewBrowser(browser, DEMO);
  await a.goto("/admin/content/contentnode/1/");
  await expect(a.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  await a.getByLabel("Last published").fill("");
  await a.getByLabel("Published", { exact: true }).fill("2024-02-30 10:00");
  await a.getByLabel("Published", { exact: true }).blur();
  await expect(a.locator("#id_published-errors")).toHaveText("Please enter a valid date-time (yyyy-mm-dd hh:mm).");
  await a.getByLabel("Published", { exact: true }).fill("2024-02-01 10:00");
  await a.getByRole("button", { name: "Save" }).click();
  const summary = a.getByRole("alert").filter({ hasText: "Please correct the following errors:" });
  await expect(summary).toContainText(
    "Last published: All nodes with a published date must have a last published date.",
  );
  await expect(summary).toBeFocused();
  await a.screenshot({ path: "test-results/screens/form-errors.png", fullPage: true });
  await a.context().close();
});

test("saving over a colleague's newer save names them and shows the difference", async ({ browser }) => {
  const a = await logInNewBrowser(browser, DEMO);
  const b = await logInNewBrowser(browser, COLLEAGUE);
  await a.goto("/admin/content/contentnode/4/");
  await expect(a.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  await a.getByLabel("Short description").fill("Plan a day at the Ark.");
  // The server refuses saves by anyone but the lock holder: the colleague takes the lock, then saves.
  await b.goto("/admin/content/contentnode/4/");
  await b.getByRole("alertdialog").getByRole("button", { name: "Kick them off" }).click();
  await expect(b.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  await b.getByLabel("Name").fill("Visit the Ark Today");
  await b.getByRole("button", { name: "Save" }).click();
  await expect(b.getByText("Your changes have been saved.")).toBeVisible();

  await a.getByRole("button", { name: "Retake the lock" }).click();
  await a.getByRole("alertdialog").getByRole("button", { name: "Kick them off" }).click();
  await a.getByRole("button", { name: "Restore my edits" }).click();
  await expect(a.getByLabel("Short description")).toHaveValue("Plan a day at the Ark.");
  await a.getByRole("button", { name: "Save" }).click();
  const dialog = a.getByRole("alertdialog");
  await expect(dialog).toContainText("Colleague Editor saved version");
  await dialog.getByRole("button", { name: "Review the difference" }).click();
  await expect(dialog.getByRole("row", { name: /Name Visit the Ark Visit the Ark Today/ })).toBeVisible();
  await expect(dialog.getByRole("row", { name: /Short description/ })).toContainText("Plan a day at the Ark.");
  await dialog.getByRole("button", { name: "Save my changes over theirs" }).click();
  await expect(a.getByText("Your changes have been saved.")).toBeVisible();
  await expect(a.getByLabel("Name")).toHaveValue("Visit the Ark Today");
  await expect(a.getByLabel("Short description")).toHaveValue("Plan a day at the Ark.");
  await a.context().close();
  await b.context().close();
});

test("the history lists who changed what and shows an earlier version read-only", async ({ browser }) => {
  const a = await logInNewBrowser(browser, DEMO);
  await a.goto("/admin/content/contentnode/5/history/");
  await expect(a.getByRole("heading", { name: "History of Donate" })).toBeVisible();
  const saved = a.getByRole("listitem").filter({ hasText: "Saved by Demo Editor" }).first();
  await expect(saved).toContainText("Changed: Short description");
  await a.getByRole("link", { name: "View version 0" }).click();
  await a.screenshot({ path: "test-results/screens/history.png", fullPage: true });
  await expect(a).toHaveURL(/history\/\?at=0$/);
  await expect(a.getByRole("heading", { name: "Version 0 (read-only)" })).toBeVisible();
  await a.reload();
  await expect(a.getByRole("heading", { name: "Version 0 (read-only)" })).toBeVisible();
  await a.context().close();
});

test("leaving the form with unsaved edits asks first", async ({ browser }) => {
  const a = await logInNewBrowser(browser, DEMO);
  await a.goto("/admin/content/contentnode/3/");
  await expect(a.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  await a.getByLabel("URL").fill("/about/mission/changed/");
  await a.getByRole("link", { name: "Content nodes" }).click();
  const dialog = a.getByRole("alertdialog");
  await expect(dialog).toContainText("If you leave this page your changes will be lost.");
  await dialog.getByRole("button", { name: "Stay" }).click();
  await expect(a.getByLabel("URL")).toHaveValue("/about/mission/changed/");
  await a.getByRole("link", { name: "Content nodes" }).click();
  await a.getByRole("alertdialog").getByRole("button", { name: "Leave this page" }).click();
  await expect(a.getByRole("heading", { name: "Content nodes" })).toBeVisible();
  await a.context().close();
});
