import { expect, test, type Locator, type Page } from "@playwright/test";
import { COLLEAGUE, DEMO, logInNewBrowser, logInByApi } from "./support/staff-login";
import { createNode, freshUrl } from "./support/nodes";

// The content node's page fields (§3), the picker's row states (§4), §5 number fields, the status
// panel's Beta and Archive, and the form's re-sync after a lost connection. Demo data: skus 1–4,
// language nodes 1–3, menu nodes Home/About/Visit/Donate, pages 1–6.

const picker = (page: Page, label: string) => page.getByRole("group", { name: label, exact: true });
const selected = (group: Locator, label: string) => group.getByRole("list", { name: `Selected ${label}` });

async function findAndAdd(group: Locator, label: string, query: string, item: string) {
  await group.getByRole("combobox", { name: `Search ${label}`, exact: true }).fill(query);
  await group.getByRole("button", { name: "Find" }).click();
  await group.getByRole("button", { name: `Add ${item}`, exact: true }).click();
}

async function openLocked(page: Page, id: number) {
  await page.goto(`/admin/content/contentnode/${id}/`);
  await expect(page.getByRole("button", { name: "Locked by Me" })).toBeVisible();
}

test("a page's sku, language node, menu nodes, sort order and priority are picked, checked, saved and shown after reload", async ({
  page,
}) => {
  await logInByApi(page);
  await openLocked(page, 2);

  // Foreign keys hold one value: the second sku replaces the first.
  const sku = picker(page, "SKU");
  await findAndAdd(sku, "SKU", "Ark", "60-1-010 Ark Encounter T-Shirt");
  await findAndAdd(sku, "SKU", "Noah", "30-1-205 Noah's Ark DVD");
  await expect(selected(sku, "SKU").getByRole("listitem")).toHaveCount(1);
  await expect(selected(sku, "SKU").getByRole("listitem")).toContainText("Noah's Ark DVD");
  await expect(selected(sku, "SKU").getByRole("listitem")).toContainText("pending addition");
  const language = picker(page, "Language node");
  await findAndAdd(language, "Language node", "uns", "Über uns (de)");

  // Many-to-many: two pending additions; removing a pending addition deletes its row.
  const menus = picker(page, "Menu nodes");
  const menuRows = selected(menus, "Menu nodes").getByRole("listitem");
  await findAndAdd(menus, "Menu nodes", "Visit", "Visit");
  await findAndAdd(menus, "Menu nodes", "Donate", "Donate");
  await findAndAdd(menus, "Menu nodes", "About", "About");
  await expect(menuRows).toHaveCount(3);
  await menus.getByRole("button", { name: "Remove About" }).click();
  await expect(menuRows).toHaveCount(2);
  await expect(menuRows.filter({ hasText: "pending addition" })).toHaveCount(2);

  // §5 number fields: a zero empties on focus, letters cannot be typed, a priority over 1.0 is refused.
  const sortOrder = page.getByLabel("Sort order");
  await sortOrder.click();
  await expect(sortOrder).toHaveValue("");
  await sortOrder.pressSequentially("12abc");
  await expect(sortOrder).toHaveValue("12");
  const priority = page.getByLabel("Sitemap priority");
  await priority.fill("");
  await priority.pressSequentially("1.5");
  await priority.press("Tab");
  await expect(page.locator("#id_sitemap_priority-errors")).toHaveText("Enter a priority from 0.0 to 1.0.");
  await page.getByRole("button", { name: "Save" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Please correct the following errors:" });
  await expect(summary).toContainText("Sitemap priority: Enter a priority from 0.0 to 1.0.");
  await priority.fill("0.8");
  await priority.press("Tab");
  await expect(page.locator("#id_sitemap_priority-errors")).toHaveCount(0);

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your changes have been saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  await expect(selected(sku, "SKU").getByRole("listitem")).toHaveText(/Noah's Ark DVD/);
  await expect(selected(language, "Language node").getByRole("listitem")).toHaveText(/Über uns \(de\)/);
  await expect(menuRows).toHaveText([/Visit/, /Donate/]);
  await expect(menuRows.filter({ hasText: "pending" })).toHaveCount(0);
  await expect(sortOrder).toHaveValue("12");
  await expect(priority).toHaveValue("0.8");

  // An existing row's X marks it for deletion and turns into +; pressing + restores it.
  await menus.getByRole("button", { name: "Remove Visit" }).click();
  const visit = menuRows.filter({ hasText: "Visit" });
  await expect(visit).toHaveAttribute("data-state", "pending-deletion");
  await expect(visit).toContainText("pending deletion");
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await visit.getByRole("button", { name: "Restore Visit" }).click();
  await expect(visit).toHaveAttribute("data-state", "existing");
  await expect(visit.getByRole("button", { name: "Remove Visit" })).toBeVisible();
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);
});

test("the add-another link opens the add form in an 800x600 popup, and the page saved there is picked", async ({
  page,
}) => {
  // Records how the page opens windows, so the requested size is checked as well as the window's.
  await page.addInitScript(() => {
    const open = window.open.bind(window);
    window.open = (...args: Parameters<typeof window.open>) => {
      (window as unknown as { opened: unknown[] }).opened = [
        ...((window as unknown as { opened?: unknown[] }).opened ?? []),
        args.map(String),
      ];
      return open(...args);
    };
  });
  await logInByApi(page);
  await openLocked(page, 6);
  const parent = picker(page, "Contained in");
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    parent.getByRole("link", { name: "Add another Contained in" }).click(),
  ]);
  const opened = (await page.evaluate(() => (window as unknown as { opened: string[][] }).opened)) ?? [];
  expect(opened[0][0]).toBe("/admin/content/contentnode/add/?_popup=1&_picker=id_parent");
  expect(opened[0][2]).toMatch(/^width=800,height=600\b/);
  await expect(popup.getByRole("heading", { name: "Add content node" })).toBeVisible();
  expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([800, 600]);

  await popup.getByLabel("Name").fill("Ark Annex");
  await popup.getByRole("button", { name: "Save" }).click();
  // Listen before the click: the popup may close before a later listener is attached.
  const closed = popup.waitForEvent("close");
  await popup.getByRole("alertdialog").getByRole("button", { name: "Continue (ignore warnings)" }).click();
  await closed;
  const row = selected(parent, "Contained in").getByRole("listitem");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Ark Annex");
  await expect(row).toContainText("pending addition");
});

test("the status panel sets Beta, and archiving a page leaves for its parent's form", async ({ page }) => {
  await logInByApi(page);
  // A page of its own under About Us: archiving a demo page would take it from the storefront's tests.
  const node = await createNode(page, { name: "Status Page", url: freshUrl("status"), parent: 2 });
  await openLocked(page, node.id);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("node-status")).toHaveText("Live");
  await page.getByRole("button", { name: "Set to Beta" }).click();
  await expect(page.getByTestId("node-status")).toHaveText("Beta");
  await expect(page.getByRole("button", { name: "Set to Beta" })).toBeDisabled();
  await page.getByRole("button", { name: "Archive" }).click();
  await expect(page).toHaveURL(/\/admin\/content\/contentnode\/2\/$/);
  await expect(page.getByRole("heading", { name: "About Us" })).toBeVisible();
});

test("after a lost connection the form reads the node again: a status changed meanwhile shows without reload", async ({
  browser,
}) => {
  const a = await logInNewBrowser(browser, DEMO);
  const b = await logInNewBrowser(browser, COLLEAGUE);
  const csrf = (await b.context().cookies()).find((c) => c.name === "csrftoken")!.value;
  const post = (url: string, data: object) => b.request.post(url, { data, headers: { "X-CSRFToken": csrf } });
  // A page of its own, so the test repeats on one server.
  const created = await post("/admin/api/content/contentnode/", { name: `Offline Test ${Date.now()}`, parent: 1 });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  await openLocked(a, id);
  await expect(a.getByTestId("node-status")).toHaveText("Beta");
  await a.context().setOffline(true);
  // The colleague publishes while the editor's socket is down: that push never reaches it.
  expect((await post("/admin/content/contentnode/action/", { action: "publish", pk: id })).status()).toBe(200);
  await a.waitForTimeout(500);
  await expect(a.getByTestId("node-status")).toHaveText("Beta");
  // socket.io retries with a backoff of up to 5 s (more under load); the re-sync follows its reconnect.
  const reconnected = a.waitForEvent("websocket", { timeout: 20_000 });
  await a.context().setOffline(false);
  await reconnected;
  await expect(a.getByTestId("node-status")).toHaveText("Live", { timeout: 5_000 });
  await a.context().close();
  await b.context().close();
});
