import { expect, test, type Page } from "@playwright/test";
import { logInByApi } from "./support/staff-login";

// Issue 8's staff screens: products, SKUs, discounts and campaigns, each a list and a record page
// generated from its description (shared/src/admin-models/store-models.ts) against /admin/api/store/.

const stamp = () => Date.now().toString(36);
const field = (page: Page, name: string) => page.locator(`#id_${name}`);

async function csrf(page: Page): Promise<Record<string, string>> {
  const token = (await page.context().cookies()).find((c) => c.name === "csrftoken")?.value;
  return { "X-CSRFToken": token ?? "" };
}

async function post(page: Page, url: string, data: Record<string, unknown>) {
  const res = await page.request.post(url, { data, headers: await csrf(page) });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

test("issue 8: a product opens from the product list, saves with its version, and shows its history", async ({
  page,
}) => {
  await logInByApi(page);
  const title = `Flood Geology ${stamp()}`;
  const product = await post(page, "/admin/api/store/product/", { title, author: "A. Author" });
  await page.goto(`/admin/store/product/?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole("heading", { name: "Products" })).toBeVisible();
  await page.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/store/product/${product.id}/$`));
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  await field(page, "subtitle").fill("Rocks and the Flood");
  await field(page, "release_date").fill("2024-05-01");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your changes have been saved.")).toBeVisible();
  const saved = await (await page.request.get(`/admin/api/store/product/${product.id}/`)).json();
  expect(saved).toMatchObject({ subtitle: "Rocks and the Flood", version: product.version + 1 });
  await page.getByRole("button", { name: "Show history" }).click();
  await expect(page.locator(".record-history > li")).toHaveCount(2);
  await expect(page.locator(".record-history > li").first()).toContainText("Subtitle");
  await page.screenshot({ path: "e2e/screenshots/store-product.png", fullPage: true });
});

test("issue 8: a SKU's price is changed on its record page in dollars and stored in cents", async ({ page }) => {
  await logInByApi(page);
  const code = `10-1-${stamp()}`;
  const sku = await post(page, "/admin/api/store/sku/", { sku: code, price_cents: 1299, format: "Paperback" });
  await page.goto(`/admin/store/sku/?q=${encodeURIComponent(code)}`);
  await page.getByRole("link", { name: code }).click();
  await expect(page.getByRole("heading", { name: code })).toBeVisible();
  await expect(field(page, "price_cents")).toHaveValue("12.99");
  await expect(field(page, "category")).toHaveText("books");
  await field(page, "price_cents").fill("$14.50");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your changes have been saved.")).toBeVisible();
  const saved = await (await page.request.get(`/admin/api/store/sku/${sku.id}/`)).json();
  expect(saved.price_cents).toBe(1450);
});

test("spec 27.3: a record's number fields take only digits and a period, clear a zero, and clean up on leaving", async ({
  page,
}) => {
  await logInByApi(page);
  const code = `10-1-${stamp()}`;
  await post(page, "/admin/api/store/sku/", { sku: code, price_cents: 0, format: "Paperback", stock: 0 });
  await page.goto(`/admin/store/sku/?q=${encodeURIComponent(code)}`);
  await page.getByRole("link", { name: code }).click();
  const price = field(page, "price_cents");
  await expect(price).toHaveValue("0.00");
  await price.focus();
  await expect(price).toHaveValue(""); // a zero empties on focus
  await price.pressSequentially("1a2-x.5");
  await expect(price).toHaveValue("12.5"); // letters and a minus are refused as typed
  const stock = field(page, "stock");
  await stock.focus();
  await expect(price).toHaveValue("12.50"); // money shows two decimals once left
  await expect(stock).toHaveValue("");
  await price.focus();
  await expect(stock).toHaveValue("0"); // a stock of 0 stays 0 (tracked) when nothing was typed
  await stock.focus();
  await stock.pressSequentially("3.7");
  await expect(stock).toHaveValue("37"); // a whole number takes no period
  await expect(stock).toHaveAttribute("maxlength", "16");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your changes have been saved.")).toBeVisible();
});

test("issue 8: a stale save of a SKU is refused and says so", async ({ page }) => {
  await logInByApi(page);
  const code = `30-1-${stamp()}`;
  const sku = await post(page, "/admin/api/store/sku/", { sku: code, price_cents: 999 });
  await page.goto(`/admin/store/sku/${sku.id}/`);
  await expect(page.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  // Someone else's save moves the version on (as staff through the API: our lock is ours).
  await page.request.put(`/admin/api/store/sku/${sku.id}/`, {
    data: { format: "DVD", expected_version: sku.version },
    headers: await csrf(page),
  });
  await field(page, "format").fill("Blu-ray");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /newer version|version/i })).toBeVisible();
});

test("issue 8: a discount is added from the list, and its code is kept upper-case", async ({ page }) => {
  await logInByApi(page);
  const code = `E2E${stamp().toUpperCase()}`;
  await page.goto("/admin/store/discount/");
  await page.getByRole("link", { name: "Add discount" }).click();
  await field(page, "code").fill(code.toLowerCase());
  await field(page, "description").fill("Fifteen off");
  await field(page, "percent_off").fill("15");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: code })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/store\/discount\/\d+\/$/);
  await page.goto(`/admin/store/discount/?q=${code}`);
  await expect(page.locator("tbody tr")).toHaveCount(1);
});

test("issue 8: a campaign's page records an offline gift and its total moves", async ({ page }) => {
  await logInByApi(page);
  const slug = `e2e-${stamp()}`;
  const campaign = await post(page, "/admin/api/store/campaign/", { slug, name: "E2E Ark", goal_cents: 100000 });
  await page.goto(`/admin/store/campaign/?q=${slug}`);
  await page.getByRole("link", { name: "E2E Ark" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/store/campaign/${campaign.id}/$`));
  await expect(field(page, "raised_cents")).toHaveText("0.00");
  await field(page, "gift_amount_cents").fill("250");
  await field(page, "gift_donor_name").fill("A. Donor");
  await page.getByRole("button", { name: "Record gift" }).click();
  await expect(page.getByText("Gift of $250.00 recorded.")).toBeVisible();
  await expect(field(page, "raised_cents")).toHaveText("250.00");
  await expect(field(page, "donors")).toHaveText("1");
});

test("back office 6: the node form's SKU picker adds a SKU through the store's add page in a popup", async ({
  page,
}) => {
  await logInByApi(page);
  const res = await page.request.post("/admin/api/content/contentnode/", {
    data: { name: `Sku pick ${stamp()}`, url: `/e2e/sku-pick-${stamp()}/`, parent: 1, ignore_warnings: true },
    headers: await csrf(page),
  });
  const node = await res.json();
  await page.goto(`/admin/content/contentnode/${node.id}/`);
  await expect(page.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  const skus = page.getByRole("group", { name: "SKU", exact: true });
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    skus.getByRole("link", { name: "Add another SKU" }).click(),
  ]);
  await expect(popup.getByRole("heading", { name: "Add sku" })).toBeVisible();
  expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([800, 600]);
  const code = `30-9-${stamp()}`;
  await popup.locator("#id_sku").fill(code);
  await popup.locator("#id_price_cents").fill("19.99");
  // Listen before the click: the popup may close before a later listener is attached.
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: "Save" }).click();
  await closed;
  const row = skus.getByRole("list", { name: "Selected SKU" }).getByRole("listitem");
  await expect(row).toContainText(code);
  await expect(row).toContainText("pending addition");
});
