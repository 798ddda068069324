import { expect, test, type Locator, type Page } from "@playwright/test";
import { createNode, freshUrl } from "./support/nodes";
import { logInByApi } from "./support/staff-login";

// Issue 12 points 3–6: menu node pages, the pending rewrite batches, record pages of keywords and
// scheduled actions from one model description, the async action and its history switch, and the
// add-another link on every picker with an add page. Screenshots go to e2e/screenshots/ (git-ignored).

const shot = (page: Page, name: string) => page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });

async function csrf(page: Page): Promise<Record<string, string>> {
  const token = (await page.context().cookies()).find((c) => c.name === "csrftoken")?.value;
  return { "X-CSRFToken": token ?? "" };
}

/** A fresh menu node under Home, made through the API, so each test edits its own. */
async function createMenuNode(page: Page, name: string) {
  const home = (
    await (await page.request.get("/admin/api/tree/menunode/?count=10&start=0&query=Home")).json()
  ).items.find((i: { str: string }) => i.str === "Home");
  const res = await page.request.post("/admin/api/tree/menunode/", {
    data: { name, url: freshUrl("menu"), parent: home.id, ignore_warnings: true },
    headers: await csrf(page),
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number; name: string; url: string };
}

const field = (page: Page, name: string) => page.locator(`#id_${name}`);

test("back office 3: a menu node opens from its list at /admin/tree/menunode/{id}/ with the form, lock and history", async ({
  page,
}) => {
  await logInByApi(page);
  const node = await createMenuNode(page, `Menu ${Date.now().toString(36)}`);
  await page.goto(`/admin/tree/menunode/?q=${encodeURIComponent(node.name)}`);
  await page.getByRole("link", { name: node.name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/tree/menunode/${node.id}/$`));
  await expect(page.getByRole("heading", { name: node.name })).toBeVisible();
  await expect(page.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  // Menu nodes have no page fields, keywords or contributors.
  await expect(page.getByRole("group", { name: "SKU", exact: true })).toHaveCount(0);
  await field(page, "short_description").fill("Where the menu leads.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your changes have been saved.")).toBeVisible();
  await shot(page, "menu-node");
  await page.getByRole("link", { name: "History" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/tree/menunode/${node.id}/history/$`));
  await expect(page.getByRole("heading", { name: `History of ${node.name}` })).toBeVisible();
  await expect(page.locator(".history-list > li")).toHaveCount(2);
});

test("back office 3: the rewrite-batch warning links to /admin/tree/pendingrewritebatch/, which lists the batches", async ({
  page,
}) => {
  await logInByApi(page);
  const node = await createMenuNode(page, `Moved ${Date.now().toString(36)}`);
  await page.goto(`/admin/tree/menunode/${node.id}/`);
  await expect(page.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  const newUrl = freshUrl("moved");
  await field(page, "url").fill(newUrl);
  await page.getByRole("button", { name: "Save" }).click();
  const dialog = page.getByRole("alertdialog");
  const link = dialog.getByRole("link", { name: "/admin/tree/pendingrewritebatch/" });
  await expect(link).toHaveAttribute("href", "/admin/tree/pendingrewritebatch/");
  await dialog.getByRole("button", { name: "Continue (ignore warnings)" }).click();
  await expect(page.getByText("Your changes have been saved.")).toBeVisible();

  await page.goto("/admin/tree/pendingrewritebatch/");
  await expect(page.getByRole("heading", { name: "Pending rewrite batches" })).toBeVisible();
  const row = page.locator("tbody tr").filter({ hasText: newUrl });
  await expect(row).toContainText(node.url);
  await row.getByRole("link", { name: node.url }).click();
  await expect(page.getByRole("heading", { name: node.url })).toBeVisible();
  await expect(page.locator("#id_new_url")).toHaveText(newUrl);
  // The batch names its menu node (through the menu node lookup), not its id.
  await expect(page.locator("#id_node")).toHaveText(node.name);
});

test("back office 4: a keyword opens from its list on its record page", async ({ page }) => {
  await logInByApi(page);
  await page.goto("/admin/content/keyword/?q=Genesis");
  await page.getByRole("link", { name: "Genesis", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/content\/keyword\/\d+\/$/);
  await expect(page.getByRole("heading", { name: "Genesis" })).toBeVisible();
  await expect(page.locator("#id_slug")).toHaveText("genesis");
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect(page.locator("#id_our_uses")).toHaveText(/^[1-9]\d*$/);
  await shot(page, "keyword");
});

test("back office 4: a new keyword is added from the list's add page", async ({ page }) => {
  await logInByApi(page);
  await page.goto("/admin/content/keyword/");
  await page.getByRole("link", { name: "Add keyword" }).click();
  const name = `Ark Rooms ${Date.now().toString(36)}`;
  await field(page, "name").focus();
  await field(page, "name").fill(name);
  await expect(field(page, "slug")).toHaveValue(name.toLowerCase().replace(/ /g, "-"));
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/content\/keyword\/\d+\/$/);
});

test("back office 4: a scheduled action opens from its list, and its record page changes it", async ({ page }) => {
  await logInByApi(page);
  const node = await createNode(page, { name: `Scheduled ${Date.now().toString(36)}`, url: freshUrl("scheduled") });
  const created = await page.request.post("/admin/api/base/cmsactionevent/", {
    data: { action_time: "2031-12-01T14:30:00Z", action: "publish", object_id: node.id, content_type: 143 },
    headers: await csrf(page),
  });
  const { id } = await created.json();
  await page.goto("/admin/base/cmsactionevent/");
  await page
    .locator(`tr[data-id="${id}"]`)
    .getByRole("link", { name: String(id), exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/base/cmsactionevent/${id}/$`));
  await expect(page.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  await expect(field(page, "action_time")).toHaveValue("2031-12-01 09:30");
  // The object is a type-driven reference (ct_field): content type 143 picks content nodes.
  await expect(page.getByRole("group", { name: "Object", exact: true })).toContainText(node.name);
  await field(page, "action").selectOption("archive");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your changes have been saved.")).toBeVisible();
  const saved = await (await page.request.get(`/admin/api/base/cmsactionevent/${id}/`)).json();
  expect(saved).toMatchObject({ action: "archive", action_time_iso: "2031-12-01T14:30:00.000Z", object_id: node.id });
  // A change made elsewhere (action:changed) shows on the open page without a reload.
  await page.request.put(`/admin/api/base/cmsactionevent/${id}/`, {
    data: { action_time: "2031-12-02T14:30:00Z", action: "beta", object_id: node.id },
    headers: await csrf(page),
  });
  await expect(field(page, "action")).toHaveValue("beta");
  await expect(field(page, "action_time")).toHaveValue("2031-12-02 09:30");
});

test("back office 4: the form's checks run before a record is sent (§5)", async ({ page }) => {
  await logInByApi(page);
  await page.goto("/admin/base/cmsactionevent/add/");
  await page.getByRole("button", { name: "Save" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Please correct the following errors:" });
  await expect(summary).toContainText("Action time: This field is required.");
  await expect(summary).toContainText("Action: This field is required.");
});

test("back office 5: the async action makes a Live page Changes Pending and turns the history switch off", async ({
  page,
}) => {
  await logInByApi(page);
  const node = await createNode(page, { name: `Async ${Date.now().toString(36)}`, url: freshUrl("async") });
  await page.goto(`/admin/content/contentnode/${node.id}/`);
  await expect(page.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByTestId("node-status")).toHaveText("Live");
  await expect(page.getByRole("link", { name: "History" })).toBeVisible();

  // Unsaved edits first: the async action runs after a save.
  await field(page, "short_description").fill("Edited.");
  await expect(page.getByRole("button", { name: "Changes Pending" })).toBeDisabled();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your changes have been saved.")).toBeVisible();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByTestId("node-status")).toHaveText("Live");

  await page.getByRole("button", { name: "Changes Pending" }).click();
  await expect(page.getByTestId("node-status")).toHaveText("Changes Pending");
  await expect(page.getByRole("link", { name: "History" })).toHaveCount(0);
  await expect(page.getByTestId("history-switch")).toBeDisabled();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByTestId("node-status")).toHaveText("Live");
  await expect(page.getByRole("link", { name: "History" })).toBeVisible();
});

const selectedRows = (group: Locator, label: string) =>
  group.getByRole("list", { name: `Selected ${label}` }).getByRole("listitem");

test("back office 6: the menu nodes picker's add-another link opens an 800x600 popup and picks the node saved there", async ({
  page,
}) => {
  await logInByApi(page);
  const node = await createNode(page, { name: `Picks ${Date.now().toString(36)}`, url: freshUrl("picks") });
  await page.goto(`/admin/content/contentnode/${node.id}/`);
  await expect(page.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  const menus = page.getByRole("group", { name: "Menu nodes", exact: true });
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    menus.getByRole("link", { name: "Add another Menu nodes" }).click(),
  ]);
  await expect(popup.getByRole("heading", { name: "Add menu node" })).toBeVisible();
  expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([800, 600]);
  const name = `Popup menu ${Date.now().toString(36)}`;
  await popup.locator("#id_name").fill(name);
  await popup.locator("#id_url").fill(freshUrl("popup-menu"));
  await popup.getByRole("button", { name: "Save" }).click();
  // Listen before the click: the popup may close before a later listener is attached.
  const closed = popup.waitForEvent("close");
  await popup.getByRole("alertdialog").getByRole("button", { name: "Continue (ignore warnings)" }).click();
  await closed;
  const row = selectedRows(menus, "Menu nodes").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("pending addition");
});

test("back office 5: in the in-page bar, Publish › Changes Pending marks a Live page and turns History off", async ({
  page,
}) => {
  await logInByApi(page);
  const node = await createNode(page, {
    name: `Bar async ${Date.now().toString(36)}`,
    url: freshUrl("bar-async"),
  });
  await page.request.post("/admin/content/contentnode/action/", {
    data: { action: "publish", pk: node.id },
    headers: await csrf(page),
  });
  await page.goto(node.url);
  const bar = page.getByRole("region", { name: "Admin bar" });
  await expect(bar.getByLabel("Status")).toHaveText("Live");
  await expect(bar.getByTestId("admin-bar-lock")).toHaveText("Locked by Me");
  await expect(bar.getByRole("link", { name: "History" })).toBeVisible();
  await bar.getByRole("button", { name: "Publish", exact: true }).click();
  await bar.getByRole("button", { name: "Changes Pending" }).click();
  await expect(bar.getByLabel("Status")).toHaveText("Changes Pending");
  await expect(bar.getByRole("link", { name: "History" })).toHaveCount(0);
  await expect(bar.getByRole("button", { name: "History" })).toBeDisabled();
  await bar.getByRole("button", { name: "Publish", exact: true }).click();
  await bar.getByRole("button", { name: "Publish (Live)" }).click();
  await expect(bar.getByLabel("Status")).toHaveText("Live");
  await expect(bar.getByRole("link", { name: "History" })).toBeVisible();
});
