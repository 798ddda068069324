import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { logInByApi } from "./support/staff-login";

// The shopper's journeys of issue 8 on the demo catalog: search, filter, quick view, add, change quantity,
// remove and undo, a good and a bad code, a donation; then the same shop on a phone, and axe on each screen.

type Card = { id: number; title: string; formats: string[]; is_sold_out: boolean; url: string };

/** An in-stock product of the demo catalog, found the way the list page finds it. */
async function inStockProduct(page: Page): Promise<Card> {
  const res = await page.request.get("/api/store/products/?availability=in_stock&count=48&sort=title");
  const { items } = (await res.json()) as { items: Card[] };
  const card = items.find((i) => !i.is_sold_out && /^[A-Za-z]/.test(i.title));
  if (!card) throw new Error("the demo catalog has no product in stock");
  return card;
}

// These journeys need the demo catalog (h-catalog) and the cart (h-cart); until both are on main they are
// skipped, saying so, rather than failing the merge order.
test.beforeEach(async ({ request }) => {
  const cart = await request.get("/api/store/shop/full-cart/");
  const pack = await request.get("/store/products/38/", { headers: { Accept: "application/json" } });
  test.skip(cart.status() === 404 || pack.status() === 404, "needs the demo catalog and the cart endpoints");
});

async function seriousFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("search, filter, quick view and add to the cart", async ({ page }) => {
  const product = await inStockProduct(page);
  const word = product.title.split(/\s+/).find((w) => w.length > 3) ?? product.title;
  await page.goto("/store/");
  await expect(page.getByRole("heading", { name: "Shop", level: 1 })).toBeVisible();

  await page.getByRole("searchbox", { name: "Search the store", exact: true }).fill(word);
  await page.locator("#main").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`#q=${encodeURIComponent(word)}`));
  const results = page.getByRole("list", { name: "Products" });
  await expect(results.getByText(product.title, { exact: true })).toBeVisible();

  await page.getByLabel("Availability").selectOption("in_stock");
  await expect(page).toHaveURL(/availability=in_stock/);
  await expect(results.getByText(product.title, { exact: true })).toBeVisible();

  // Quick view: one open per list; clicking the active item closes it.
  const toggle = results.getByRole("button", { name: `Quick view of ${product.title}` });
  await toggle.click();
  const panel = page.locator("section.quick-view");
  await expect(panel.getByRole("heading", { name: product.title })).toBeVisible();
  await toggle.click();
  await expect(panel).toHaveCount(0);
  await toggle.click();
  await panel.getByLabel("Quantity").fill("2");
  await panel.getByRole("button", { name: "Add to Cart" }).click();
  await expect(panel.getByText("Added to Cart")).toBeVisible();
  await expect(page.getByRole("button", { name: /Cart \(2 items\)/ })).toBeVisible();
});

test("the cart: change quantity, remove and undo, a good and a bad code, a donation", async ({ page }) => {
  const product = await inStockProduct(page);
  await page.goto(product.url);
  const title = page.getByRole("heading", { level: 1, name: product.title });
  await expect(title).toBeVisible();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  const added = page.getByText("Added to Cart");
  if (!(await added.isVisible().catch(() => false))) {
    // A product with options: pick the first enabled value of each, in order.
    for (const select of await page.locator(".purchase select").all()) {
      const value = await select.locator("option:not([disabled]):not([value=''])").first().getAttribute("value");
      await select.selectOption(value!);
    }
    await page.getByRole("button", { name: "Add to Cart" }).click();
  }
  await expect(added).toBeVisible();

  await page.goto("/store/cart/");
  const quantity = page.getByLabel(`Quantity of ${product.title}`, { exact: false }).first();
  await expect(quantity).toBeVisible();
  await quantity.fill("3");
  await expect(page.getByRole("button", { name: "Updated" })).toBeVisible();
  await expect(quantity).toHaveValue("3");

  await page
    .getByRole("button", { name: /^Remove / })
    .first()
    .click();
  await expect(page.getByText("Item removed successfully.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Add to Wishlist" })).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByLabel(/Quantity of /).first()).toBeVisible();

  const coupon = page.getByLabel("Coupon code");
  await expect(page.getByRole("button", { name: "Apply Coupon" })).toBeDisabled();
  await coupon.fill("no-such-code");
  await page.getByRole("button", { name: "Apply Coupon" }).click();
  await expect(page.getByText("NO-SUCH-CODE: Discount not found!")).toBeVisible();
  await expect(page.getByRole("button", { name: "Updated" }).last()).toBeDisabled();
  await coupon.fill(" save10 ");
  await page.getByRole("button", { name: "Apply Coupon" }).click();
  await expect(page.getByRole("table", { name: "Applied Discounts" })).toContainText("SAVE10");

  await page.getByLabel("Add a donation ($)").fill("25");
  await page.getByRole("button", { name: "Update Cart" }).click();
  await expect(page.getByText("Donation added to cart.")).toBeVisible();
  expect(await seriousFindings(page)).toEqual([]);
});

test("the cart in a second tab follows the first", async ({ context }) => {
  const first = await context.newPage();
  const product = await inStockProduct(first);
  await first.goto("/store/cart/");
  const second = await context.newPage();
  await second.goto("/store/cart/");
  await first.goto(product.url);
  await first.getByRole("button", { name: "Add to Cart" }).click();
  await expect(second.getByRole("button", { name: /Cart \(\d+ items?\)/ })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true });

  test("list, product page and cart fit the screen and pass axe", async ({ page }) => {
    test.setTimeout(120_000); // four pages, each through axe, on a shared machine
    const product = await inStockProduct(page);
    for (const path of ["/store/", product.url, "/store/cart/", "/donate/", "/store/order-form/"]) {
      await page.goto(path);
      await expect(page.locator("main h1")).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      expect(await seriousFindings(page), path).toEqual([]);
    }
    await page.goto("/store/");
    await page.screenshot({ path: "test-results/phone-product-list.png", fullPage: true });
    await page.goto(product.url);
    await page.screenshot({ path: "test-results/phone-product-page.png", fullPage: true });
  });
});

test("a second browser sees the thermometer move when staff record a gift", async ({ browser, page }) => {
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto("/donate/");
  const raised = visitor.locator(".thermometer-figures dd").first();
  await expect(raised).toBeVisible();
  const before = await raised.textContent();

  await logInByApi(page);
  const csrf = (await page.context().cookies()).find((c) => c.name === "csrftoken")?.value ?? "";
  const gift = await page.request.post("/admin/api/store/campaign/ark-main/gift/", {
    data: { amount_cents: 123_400, donor_name: "A cheque", note: "e2e" },
    headers: { "X-CSRFToken": csrf },
  });
  expect(gift.ok()).toBe(true);
  await expect(raised).not.toHaveText(before ?? "");
  await visitor.context().close();
});

test("the mini cart loads only for a United States home country", async ({ browser, page }) => {
  const product = await inStockProduct(page);
  await page.goto(product.url);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("button", { name: /Cart \(1 item\)/ })).toBeVisible();

  const abroad = await browser.newContext();
  await abroad.addCookies([
    ...(await page.context().cookies()),
    { name: "home_country", value: "United+Kingdom", domain: "127.0.0.1", path: "/" },
  ]);
  const visitor = await abroad.newPage();
  await visitor.goto("/store/cart/");
  await expect(visitor.getByRole("heading", { name: "Your Cart" })).toBeVisible();
  await expect(visitor.getByRole("button", { name: /Cart \(/ })).toHaveCount(0);
  await abroad.close();
});

test("a cart update lost on the network says to use the Update Cart button", async ({ page }) => {
  const product = await inStockProduct(page);
  await page.goto(product.url);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to Cart")).toBeVisible();
  await page.goto("/store/cart/");
  await page.route("**/api/store/shop/full-cart/", (route) =>
    route.request().method() === "PUT" ? route.abort() : route.continue(),
  );
  await page
    .getByLabel(/Quantity of /)
    .first()
    .fill("4");
  await expect(
    page.getByText('Auto-update failed, please use the "Update Cart" button to update your cart manually.'),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Update Cart" })).toBeEnabled();
});

test("the order form adds several items and a donation with a running total", async ({ page }) => {
  await page.goto("/store/order-form/");
  await page.getByRole("button", { name: "Open all sections" }).click();
  const quantities = page.getByLabel(/^Quantity of /);
  await quantities.nth(0).fill("2");
  await quantities.nth(1).fill("x"); // not a number: refused at once (issue 26 §8), until it is cleared
  await expect(page.getByText("Please enter a whole number, such as 2.")).toBeVisible();
  await quantities.nth(1).fill("");
  await page.getByLabel("Donation ($)").fill("10");
  const total = page.locator(".donate-total strong");
  await expect(total).not.toHaveText("$0.00");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to Cart")).toBeVisible();
  await expect(page.getByRole("button", { name: /Cart \(2 items, 1 gift\)/ })).toBeVisible();
});
