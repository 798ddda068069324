import { expect, test, type Page } from "@playwright/test";
import { createNode, freshUrl } from "./support/nodes";
import { COLLEAGUE, DEMO, logInNewBrowser } from "./support/staff-login";

const row = (page: Page, name: string) =>
  page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });

test("opening a node shows 'Locked by {name}' on a colleague's list within a second, and 'Locked by Me' on the editor's", async ({
  browser,
}) => {
  const a = await logInNewBrowser(browser, DEMO);
  const b = await logInNewBrowser(browser, COLLEAGUE);
  await b.goto("/admin/content/contentnode/");
  await expect(row(b, "Our Mission")).toBeVisible();
  await expect(row(b, "Our Mission").getByText(/Locked by/)).toHaveCount(0);

  await a.goto("/admin/content/contentnode/3/");
  await expect(a.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  await expect(row(b, "Our Mission").getByText(`Locked by ${DEMO.name}`)).toBeVisible({ timeout: 1000 });
  await expect(row(b, "Our Mission").locator(".lock-badge.danger")).toBeVisible();

  // Leaving the form releases the automatic lock; the colleague's badge goes away without reload.
  await a.getByRole("link", { name: "Content nodes" }).click();
  await expect(row(b, "Our Mission").getByText(/Locked by/)).toHaveCount(0, { timeout: 1000 });
  await expect(row(a, "Our Mission").getByText(/Locked by/)).toHaveCount(0);
  await a.context().close();
  await b.context().close();
});

test("a lock check answered after the automatic lock was taken does not undo it: 'Locked by Me' stays", async ({
  browser,
}) => {
  const a = await logInNewBrowser(browser, DEMO);
  const node = await createNode(a, { name: "Slow check", url: freshUrl("slow-check") });
  // The check sent as the form opens is answered by the server before the automatic lock is taken,
  // but reaches the page only after the lock's answer, as happened once in CI.
  let checkAnswered!: () => void;
  const serverAnsweredCheck = new Promise<void>((resolve) => (checkAnswered = resolve));
  let lockTaken!: () => void;
  const pageHasLock = new Promise<void>((resolve) => (lockTaken = resolve));
  let delivered!: () => void;
  const staleAnswerDelivered = new Promise<void>((resolve) => (delivered = resolve));
  await a.route(/\/admin\/base\/record-locks\/\?action=lookup$/, async (route) => {
    const body = route.request().postDataJSON() as { objs?: Array<{ id: number }> };
    if (!body.objs?.some((o) => o.id === node.id)) return route.continue();
    const response = await route.fetch();
    checkAnswered();
    await pageHasLock;
    await route.fulfill({ response });
    delivered();
  });
  await a.route(/\/admin\/base\/record-locks\/\?ts=\d+$/, async (route) => {
    await serverAnsweredCheck;
    await route.fulfill({ response: await route.fetch() });
    await new Promise((resolve) => setTimeout(resolve, 300)); // the page takes in the lock's answer
    lockTaken();
  });
  await a.goto(`/admin/content/contentnode/${node.id}/`);
  await staleAnswerDelivered;
  await a.waitForTimeout(300); // the page takes in the late answer
  await expect(a.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  await a.context().close();
});

test("a kicked-off editor is told at once who took the record, and their unsaved text is offered back when they retake it", async ({
  browser,
}) => {
  const a = await logInNewBrowser(browser, DEMO);
  const b = await logInNewBrowser(browser, COLLEAGUE);
  await a.goto("/admin/content/contentnode/6/");
  await expect(a.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  await a.getByLabel("Short description").fill("Typed by the first editor and not saved yet");

  await b.goto("/admin/content/contentnode/6/");
  const question = b.getByRole("alertdialog");
  await expect(question).toContainText(`Content node has been locked by ${DEMO.name}. Reason: Automatic Comment:`);
  await expect(question).toContainText("Do you want to kick them off? One of you may lose your work as a result.");
  await question.getByRole("button", { name: "Kick them off" }).click();
  await expect(b.getByRole("button", { name: "Locked by Me" })).toBeVisible();

  await expect(a.getByRole("alert").filter({ hasText: `${COLLEAGUE.name} took this record` })).toBeVisible({
    timeout: 1000,
  });
  await expect(a.getByLabel("Short description")).toHaveValue("");
  await expect(a.getByRole("button", { name: `Locked by ${COLLEAGUE.name}` })).toBeVisible();

  await a.getByRole("button", { name: "Retake the lock" }).click();
  const back = a.getByRole("alertdialog");
  await expect(back).toContainText(`Content node has been locked by ${COLLEAGUE.name}.`);
  await back.getByRole("button", { name: "Kick them off" }).click();
  await expect(b.getByRole("alert").filter({ hasText: `${DEMO.name} took this record` })).toBeVisible({
    timeout: 1000,
  });
  await expect(a.getByText("You have unsaved edits from")).toBeVisible();
  await a.getByRole("button", { name: "Restore my edits" }).click();
  await expect(a.getByLabel("Short description")).toHaveValue("Typed by the first editor and not saved yet");
  await a.context().close();
  await b.context().close();
});

test("the lock dialog creates a lock with a reason and comment, and the holder can unlock it", async ({ browser }) => {
  const a = await logInNewBrowser(browser, DEMO);
  const b = await logInNewBrowser(browser, COLLEAGUE);
  await a.goto("/admin/content/contentnode/2/");
  await a.getByRole("button", { name: "Locked by Me" }).click();
  const dialog = a.getByRole("dialog", { name: "Why are you locking this object?" });
  await expect(dialog.getByText("Unlock this record.")).toBeVisible();
  await expect(dialog.getByText("Change the reason or comment for this locked record.")).toBeVisible();
  await a.screenshot({ path: "test-results/screens/lock-dialog-holder.png" });
  await dialog.getByRole("button", { name: "Change reason or comment" }).click();
  await dialog.getByLabel("Reason").selectOption({ label: "Reviewing" });
  await dialog.getByLabel("Comment").fill("Checking the facts");
  await a.screenshot({ path: "test-results/screens/lock-dialog-form.png" });
  await dialog.getByRole("button", { name: "Create lock" }).click();
  await expect(dialog).toBeHidden();

  await b.goto("/admin/content/contentnode/2/");
  await expect(b.getByRole("alertdialog")).toContainText(
    `locked by ${DEMO.name}. Reason: Reviewing Comment: Checking the facts`,
  );
  await b.getByRole("button", { name: "Cancel" }).click();
  await expect(b.getByText("The form is read-only until you take the lock.")).toBeVisible();

  await a.getByRole("button", { name: "Locked by Me" }).click();
  await a.getByRole("dialog").getByRole("button", { name: "Unlock" }).click();
  await expect(a.getByRole("button", { name: "Lock", exact: true })).toBeVisible();
  await expect(b.getByRole("button", { name: "Lock", exact: true })).toBeVisible({ timeout: 1000 });
  await a.context().close();
  await b.context().close();
});

test("a failed lock check wipes the local lock instead of 'Checking lock…' forever, and checks again", async ({
  browser,
}) => {
  const a = await logInNewBrowser(browser, DEMO);
  let serverDown = true;
  // The lock calls fail (500) until the server is "back".
  await a.route(
    (url) => url.pathname === "/admin/base/record-locks/",
    (route) =>
      serverDown && route.request().method() === "POST"
        ? route.fulfill({ status: 500, contentType: "application/json", body: "{}" })
        : route.fallback(),
  );
  await a.goto("/admin/content/contentnode/1/");
  const failed = a.getByRole("alert").filter({ hasText: "The lock could not be checked. Trying again…" });
  await expect(failed).toBeVisible();
  await expect(a.getByRole("button", { name: "Lock", exact: true })).toBeVisible();
  await expect(a.getByRole("button", { name: "Checking lock…" })).toHaveCount(0);

  serverDown = false;
  // Retried after 1 s, then 2 s: the answer (nobody holds it) replaces the failure.
  await expect(failed).toBeHidden({ timeout: 5000 });
  await expect(a.getByRole("button", { name: "Lock", exact: true })).toBeVisible();
  await a.context().close();
});

test("a failed unlock says so and re-checks the lock with the server", async ({ browser }) => {
  const a = await logInNewBrowser(browser, DEMO);
  await a.goto("/admin/content/contentnode/1/");
  await expect(a.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  await a.route(
    (url) => url.pathname === "/admin/base/record-locks/",
    (route) =>
      route.request().method() === "DELETE"
        ? route.fulfill({ status: 500, contentType: "application/json", body: "{}" })
        : route.fallback(),
  );
  await a.getByRole("button", { name: "Locked by Me" }).click();
  const recheck = a.waitForRequest(
    (r) => r.method() === "POST" && r.url().includes("/admin/base/record-locks/?action=lookup"),
  );
  await a.getByRole("dialog").getByRole("button", { name: "Unlock" }).click();
  await recheck;
  await expect(a.getByRole("alert").filter({ hasText: "The record could not be unlocked." })).toBeVisible();
  // The server still has this editor's lock, and the page says so.
  await expect(a.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  await a.context().close();
});

test("spec 13: a page brings its own lock reasons: the product page offers the catalog's, and a colleague reads them", async ({
  browser,
}) => {
  const a = await logInNewBrowser(browser, DEMO);
  const b = await logInNewBrowser(browser, COLLEAGUE);
  await a.goto("/admin/store/product/1/");
  const lockButton = a.getByRole("button", { name: /^(Lock|Locked by Me)$/ });
  await lockButton.click();
  const dialog = a.getByRole("dialog", { name: "Why are you locking this object?" });
  const change = dialog.getByRole("button", { name: "Change reason or comment" });
  if (await change.isVisible()) await change.click();
  const reasons = dialog.getByLabel("Reason").locator("option");
  await expect(reasons).toHaveText([
    "Automatic",
    "Price change pending",
    "Stock count in progress",
    "Waiting for artwork",
  ]);
  await dialog.getByLabel("Reason").selectOption({ label: "Price change pending" });
  await dialog.getByLabel("Comment").fill("New list prices on Monday");
  await dialog.getByRole("button", { name: "Create lock" }).click();
  await expect(dialog).toBeHidden();

  // Opening the product tries the automatic lock: the colleague is asked at once, in the page's words.
  await b.goto("/admin/store/product/1/");
  await expect(b.getByRole("alertdialog")).toContainText(
    `locked by ${DEMO.name}. Reason: Price change pending Comment: New list prices on Monday`,
  );
  await b.getByRole("button", { name: "Cancel" }).click();
  await a.getByRole("button", { name: "Locked by Me" }).click();
  await a.getByRole("dialog").getByRole("button", { name: "Unlock" }).click();
  await a.context().close();
  await b.context().close();
});
