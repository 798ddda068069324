import { expect, test, type Page } from "@playwright/test";
import { createNode, freshUrl, saveNode } from "./support/nodes";
import { logInByApi } from "./support/staff-login";

/** The id of the record a lookup calls `str` (demo data: skus, language nodes, menu nodes). */
async function lookupId(page: Page, api: string, query: string, str: string): Promise<number> {
  const res = await page.request.get(`${api}?count=10&start=0&query=${encodeURIComponent(query)}`);
  expect(res.status()).toBe(200);
  const item = ((await res.json()).items as Array<{ id: number; str: string }>).find((i) => i.str === str);
  expect(item, `${api} has no "${str}"`).toBeTruthy();
  return item!.id;
}

async function pageWithReferences(page: Page) {
  const sku = await lookupId(page, "/admin/api/product/sku/", "Noah", "30-1-205 Noah's Ark DVD");
  const language = await lookupId(page, "/admin/api/translation/contentlangnode/", "uns", "Über uns (de)");
  const visit = await lookupId(page, "/admin/api/tree/menunode/", "Visit", "Visit");
  const donate = await lookupId(page, "/admin/api/tree/menunode/", "Donate", "Donate");
  const node = await createNode(page, {
    name: `History names ${Date.now().toString(36)}`,
    url: freshUrl("history"),
    sku,
    language_node: language,
    menu_nodes: [visit, donate],
  });
  // A later save, so the first version is an earlier one.
  await saveNode(page, node.id, { short_description: "Changed after creation." });
  return { node, menuIds: [visit, donate] };
}

const field = (page: Page, label: string) =>
  page
    .locator(".version-fields div")
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("dd");

test("an earlier version names the page's parent, sku, language node and menu nodes instead of showing their ids", async ({
  page,
}) => {
  await logInByApi(page);
  const { node } = await pageWithReferences(page);
  await page.goto(`/admin/content/contentnode/${node.id}/history/`);
  await page.getByRole("link", { name: "View version 0" }).click();
  await expect(page.getByRole("heading", { name: "Version 0 (read-only)" })).toBeVisible();
  await expect(field(page, "Contained in")).toHaveText("Home");
  await expect(field(page, "SKU")).toHaveText("30-1-205 Noah's Ark DVD");
  await expect(field(page, "Language node")).toHaveText("Über uns (de)");
  await expect(field(page, "Menu nodes")).toHaveText("Visit, Donate");
  await expect(field(page, "Node type")).toHaveText("—");
  await expect(field(page, "Short description")).toHaveText("—");
  await page.screenshot({ path: "test-results/screens/history-version.png", fullPage: true });
});

test("a reference whose lookup does not answer shows as '#id'", async ({ page }) => {
  await logInByApi(page);
  const { node, menuIds } = await pageWithReferences(page);
  await page.route("**/admin/api/tree/menunode/?*", (route) => route.fulfill({ status: 500, body: "{}" }));
  await page.goto(`/admin/content/contentnode/${node.id}/history/?at=0`);
  await expect(field(page, "SKU")).toHaveText("30-1-205 Noah's Ark DVD");
  await expect(field(page, "Menu nodes")).toHaveText(menuIds.map((id) => `#${id}`).join(", "));
});
