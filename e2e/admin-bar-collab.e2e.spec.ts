import { expect, test, type Page } from "@playwright/test";
import { createNode, freshUrl, readNode, saveNode } from "./support/nodes";
import { COLLEAGUE, DEMO, logInNewBrowser } from "./support/staff-login";

// Two editors on the same public page, each with the in-page admin bar.
const barOf = (page: Page) => page.getByRole("region", { name: "Admin bar" });
const lockOf = (page: Page) => barOf(page).getByTestId("admin-bar-lock");

async function openAsSecond(page: Page, url: string) {
  await page.goto(url);
  // The first editor holds the lock: the bar asks at once whether to kick them off.
  return page.getByRole("alertdialog");
}

test("publishing from the bar's Publish menu makes the page Live, and a colleague's bar shows it without reload", async ({
  browser,
}) => {
  const a = await logInNewBrowser(browser, DEMO);
  const b = await logInNewBrowser(browser, COLLEAGUE);
  const node = await createNode(a, { name: "Publish Me", url: freshUrl("publish") });
  await a.goto(node.url);
  await expect(lockOf(a)).toHaveText("Locked by Me");
  await expect(barOf(a).getByLabel("Status")).toHaveText("Beta");

  const question = await openAsSecond(b, node.url);
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(lockOf(b)).toHaveText(`Locked by ${DEMO.name}`);
  await expect(barOf(b).getByLabel("Status")).toHaveText("Beta");
  await expect(b.getByText("Preview: this page is Beta.")).toBeVisible();
  // Without the lock, publishing waits.
  await barOf(b).getByRole("button", { name: "Publish" }).click();
  await expect(barOf(b).getByRole("button", { name: "Publish (Live)" })).toBeDisabled();

  await barOf(a).getByRole("button", { name: "Publish" }).click();
  await barOf(a).getByRole("button", { name: "Publish (Live)" }).click();
  await expect(barOf(a).getByLabel("Status")).toHaveText("Live");
  await expect(barOf(b).getByLabel("Status")).toHaveText("Live", { timeout: 1000 });
  // The colleague's page itself is no longer a Beta preview.
  await expect(b.getByText("Preview: this page is Beta.")).toHaveCount(0);
  expect((await readNode(a, node.id)).status).toBe("Live");
  await a.context().close();
  await b.context().close();
});

test("a kick-off from the bar displaces the editor at once; their edits come back on retaking, and a newer save is reviewed first", async ({
  browser,
}) => {
  const a = await logInNewBrowser(browser, DEMO);
  const b = await logInNewBrowser(browser, COLLEAGUE);
  const node = await createNode(a, { name: "Kick Off", url: freshUrl("kickoff"), body: "<p>First body.</p>" });
  await a.goto(node.url);
  await expect(lockOf(a)).toHaveText("Locked by Me");
  await barOf(a).getByRole("button", { name: "Edit" }).click();
  await barOf(a).getByRole("button", { name: "Edit this page" }).click();
  await a.getByRole("textbox", { name: "Edit name" }).click();
  await a.keyboard.press("End");
  await a.keyboard.type(" by Demo");
  await expect(barOf(a).getByText("1 unsaved edit")).toBeVisible();

  const question = await openAsSecond(b, node.url);
  await expect(question).toContainText(`Content node has been locked by ${DEMO.name}. Reason: Automatic Comment:`);
  await expect(question).toContainText("Do you want to kick them off? One of you may lose your work as a result.");
  await b.screenshot({ path: "test-results/screens/admin-bar-kick-off.png" });
  await question.getByRole("button", { name: "Kick them off" }).click();
  await expect(lockOf(b)).toHaveText("Locked by Me");

  // A is told at once who took it; the page shows the saved node and nothing can be changed.
  await expect(
    barOf(a)
      .getByRole("alert")
      .filter({ hasText: `${COLLEAGUE.name} took over this page's lock` }),
  ).toBeVisible({ timeout: 1000 });
  await expect(
    barOf(a).getByRole("alert").filter({ hasText: "Your unsaved edits are kept in this browser" }),
  ).toBeVisible();
  await expect(a.getByRole("heading", { level: 1 })).toHaveText("Kick Off");
  await expect(barOf(a).getByRole("button", { name: "Save" })).toBeDisabled();
  await barOf(a).getByRole("button", { name: "Publish" }).click();
  await expect(barOf(a).getByRole("button", { name: "Publish (Live)" })).toBeDisabled();
  await barOf(a).getByRole("button", { name: "Scheduled actions" }).click();
  await expect(barOf(a).getByRole("button", { name: "Schedule an action" })).toBeDisabled();
  await barOf(a).getByRole("button", { name: "Contributors" }).click();
  await expect(barOf(a).getByRole("button", { name: "Add contributor" })).toBeDisabled();
  await a.screenshot({ path: "test-results/screens/admin-bar-displaced.png" });

  // The colleague saves a new body meanwhile.
  await saveNode(b, node.id, { body: "<p>Colleague's body.</p>" });

  await barOf(a).getByRole("button", { name: "Retake the lock" }).click();
  const back = a.getByRole("alertdialog");
  await expect(back).toContainText(`Content node has been locked by ${COLLEAGUE.name}.`);
  await back.getByRole("button", { name: "Kick them off" }).click();
  await expect(lockOf(a)).toHaveText("Locked by Me");
  await expect(
    barOf(b)
      .getByRole("alert")
      .filter({ hasText: `${DEMO.name} took over this page's lock` }),
  ).toBeVisible({ timeout: 1000 });
  await expect(barOf(a).getByRole("button", { name: "Add contributor" })).toBeEnabled();

  await expect(barOf(a).getByText("You have unsaved edits from")).toBeVisible();
  await barOf(a).getByRole("button", { name: "Restore my edits" }).click();
  await expect(a.getByRole("textbox", { name: "Edit name" })).toHaveText("Kick Off by Demo");
  await barOf(a).getByRole("button", { name: "Save" }).click();

  // Saved against the version A started from: who saved since, and the difference, come first.
  const stale = a.getByRole("alertdialog");
  await expect(stale).toContainText(`${COLLEAGUE.name} saved version`);
  await stale.getByRole("button", { name: "Review the difference" }).click();
  await expect(stale.getByRole("columnheader", { name: `${COLLEAGUE.name} version` })).toBeVisible();
  await expect(stale.getByRole("row", { name: /^Name/ })).toHaveText(/^NameKick OffKick OffKick Off by Demo$/);
  // While editing, the page showed the colleague's body: only the title is A's to save.
  await expect(a.getByRole("textbox", { name: "Edit body" })).toContainText("Colleague's body.");
  await a.screenshot({ path: "test-results/screens/admin-bar-stale-save.png" });
  await stale.getByRole("button", { name: "Save my changes over theirs" }).click();
  await expect(barOf(a).getByText("Your changes have been saved.")).toBeVisible();
  // Only the changed title was sent: the colleague's body stays.
  const saved = await readNode(a, node.id);
  expect(saved.name).toBe("Kick Off by Demo");
  expect(saved.body).toBe("<p>Colleague's body.</p>");
  await a.context().close();
  await b.context().close();
});

test("when the holder leaves, the bar of the colleague waiting on the page locks it by itself", async ({ browser }) => {
  const a = await logInNewBrowser(browser, DEMO);
  const b = await logInNewBrowser(browser, COLLEAGUE);
  const node = await createNode(a, { name: "Free Again", url: freshUrl("free") });
  await a.goto(node.url);
  await expect(lockOf(a)).toHaveText("Locked by Me");
  const question = await openAsSecond(b, node.url);
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(lockOf(b)).toHaveText(`Locked by ${DEMO.name}`);
  await expect(barOf(b).getByRole("button", { name: "Take the lock" })).toBeVisible();

  // A follows a link of the site: the page's automatic lock is released.
  await a.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Home" }).click();
  await expect(lockOf(b)).toHaveText("Locked by Me", { timeout: 1000 });
  await expect(barOf(b).getByRole("button", { name: "Take the lock" })).toHaveCount(0);
  await a.context().close();
  await b.context().close();
});
