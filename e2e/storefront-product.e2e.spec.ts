import { expect, test } from "@playwright/test";

// The product page (storefront §2, §4, §9) on the demo catalog (services/src/catalog/catalog-demo-data.ts):
// product 1 has four formats (bulk tiers, an eBook, a backordered Audio CD), 3 a sold-out Paperback,
// 7 a DVD without returns, 20 a hoodie whose sizes and colours do not all exist, 38 a pack of six.

// These journeys need the demo catalog (h-catalog) and the cart (h-cart); until both are on main they are
// skipped, saying so, rather than failing the merge order.
test.beforeEach(async ({ request }) => {
  const cart = await request.get("/api/store/shop/full-cart/");
  const pack = await request.get("/store/products/38/", { headers: { Accept: "application/json" } });
  test.skip(cart.status() === 404 || pack.status() === 404, "needs the demo catalog and the cart endpoints");
});

test("format tabs put the SKU in the URL and show its bulk price, download info and backorder", async ({ page }) => {
  await page.goto("/store/products/1/");
  await expect(page.getByRole("heading", { level: 1, name: "The New Answers Book 2" })).toBeVisible();
  const tabs = page.getByRole("group", { name: "Format" });
  await tabs.getByRole("button", { name: "Hardcover" }).click();
  await expect(page).toHaveURL(/\?sku=10-1-202$/);
  await tabs.getByRole("button", { name: "Paperback" }).click();
  await expect(page).toHaveURL(/\?sku=10-1-201$/);
  await page.getByRole("button", { name: "Bulk pricing as low as $8.99" }).click();
  await expect(page.getByRole("dialog", { name: "Bulk pricing" })).toContainText("50+");
  await page.keyboard.press("Escape");

  await tabs.getByRole("button", { name: "eBook" }).click();
  await expect(page).toHaveURL(/\?sku=90-3-201$/);
  await page.getByRole("button", { name: "Digital download info" }).click();
  await expect(page.getByRole("dialog", { name: "Digital download" })).toBeVisible();
  await page.keyboard.press("Escape");

  await tabs.getByRole("button", { name: "Audio CD" }).click();
  await expect(page.getByText("This item is backordered.")).toBeVisible();
  await expect(page.getByText(/Expected back in stock on \d{4}-\d{2}-\d{2}\./)).toBeVisible();

  await page.getByRole("button", { name: "Read the full description" }).click();
  await expect(page.getByRole("dialog", { name: "The New Answers Book 2" })).toContainText("Over 30 questions");
});

test("a sold-out format hides the purchase controls; a format without returns says so", async ({ page }) => {
  await page.goto("/store/products/3/?sku=10-1-401");
  await expect(page.getByText("Sold out", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
  await page.goto("/store/products/7/");
  await expect(page.getByText("This item cannot be returned.")).toBeVisible();
});

test("options are picked in order and only existing combinations are enabled", async ({ page }) => {
  await page.goto("/store/products/20/");
  const size = page.getByLabel("Size");
  const colour = page.getByLabel("Colour");
  await size.selectOption("l");
  await expect(colour.locator("option[value=sand]")).toBeDisabled(); // there is no large sand
  await expect(colour.locator("option[value=navy]")).toBeEnabled();

  await size.selectOption("");
  await expect(colour.locator("option[value=navy]")).toBeDisabled(); // size first
  // Disabled to assistive technology (aria-disabled), yet a click still says why (§4).
  await page.getByRole("button", { name: "Add to Cart" }).click({ force: true });
  await expect(page.getByText("Please select an option.")).toBeVisible();

  await size.selectOption("s");
  await colour.selectOption("navy");
  await expect(page.getByText("Sold out", { exact: true })).toBeVisible();
});

test("what's included shows 3 of a pack's 6 items and 'Show all 6 items'", async ({ page }) => {
  await page.goto("/store/products/38/");
  const included = page.getByRole("list", { name: "What’s included" });
  await expect(included.getByRole("listitem")).toHaveCount(3);
  await expect(included.getByRole("link", { name: "The New Answers Book 2" })).toBeVisible();
  await page.getByRole("button", { name: "Show all 6 items" }).click();
  await expect(included.getByRole("listitem")).toHaveCount(6);
});

test("a SKU's own address is its product's page with that SKU picked", async ({ page }) => {
  const res = await page.request.get("/store/sku/20-1-201", { maxRedirects: 0, headers: { Accept: "text/html" } });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toBe("/store/products/1/?sku=20-1-201");
  await page.goto("/store/sku/20-1-201");
  await expect(page.getByRole("button", { name: "Audio CD", pressed: true })).toBeVisible();
});
