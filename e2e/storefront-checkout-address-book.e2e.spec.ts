import { expect, type Page, test } from "@playwright/test";

// Issue 9: a signed-in shopper picks billing and shipping from the address book in the checkout, and
// the mini cart of the header is not shown on the checkout pages (storefront §2).

const HARDCOVER = "10-1-202"; // stock 12
test.describe.configure({ timeout: 180_000 });
const PLACED = { timeout: 30_000 };

async function addToCart(page: Page, pairs: string) {
  const res = await page.request.get(`/api/store/shop/add-to-cart/?${pairs}`);
  expect((await res.json()).metadata.success).toBe(true);
}

test("the mini cart shows in the header of the cart page, not on the checkout pages", async ({ page }) => {
  await addToCart(page, `${HARDCOVER}=1`);
  await page.goto("/store/cart/");
  await expect(page.getByRole("button", { name: /Cart \(1 item\)/ })).toBeVisible();
  await page.goto("/store/checkout/");
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  await expect(page.locator(".mini-cart")).toHaveCount(0);
});

test("a signed-in shopper with an address picks it for billing and shipping; the order shows it", async ({ page }) => {
  const email = `picks-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
  await page.goto("/account/signup/?next=/account/addresses/");
  await page.getByLabel("Name").fill("Ann Shopper");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/^[^?]*\/account\/addresses\/$/, { timeout: 20_000 });
  const form = page.getByRole("region", { name: "Add an address" });
  // The page arrives rendered by the server after the sign-up's full page load: a click before React has
  // hydrated it is kept and played back (web/public/early-clicks.js).
  await page.getByRole("button", { name: "Add an address" }).click();
  await expect(form.getByLabel("First name")).toBeVisible();
  await form.getByLabel("First name").fill("Ann");
  await form.getByLabel("Last name").fill("Shopper");
  await form.getByLabel("Street address").fill("12 Book Lane");
  await form.getByLabel("City").fill("Springfield");
  await form.getByLabel("State", { exact: true }).selectOption("IL");
  await form.getByLabel("Postal code").fill("62701");
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(form).toHaveCount(0);

  await addToCart(page, `${HARDCOVER}=1`);
  await page.goto("/store/checkout/");
  await page.getByLabel("Billing address").selectOption({ label: "Ann Shopper, 12 Book Lane, Springfield IL 62701" });
  await expect(page.getByLabel("First name")).toHaveCount(0); // the book's address, nothing to type
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("radio", { name: "Ann Shopper, 12 Book Lane, Springfield IL 62701" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Continue" }).click(); // the first shipping method
  await page.getByRole("radio", { name: "Check / money order" }).check();
  await page.getByRole("button", { name: "Submit Order" }).click();
  await expect(page).toHaveURL(/\/store\/checkout\/complete\/\d+\/$/, PLACED);
  await expect(page.getByText("12 Book Lane").first()).toBeVisible();
  await expect(page.getByText("Springfield").first()).toBeVisible();
});
