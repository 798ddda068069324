import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { postOk } from "./support/orders";

// The four-step checkout of issue 9 on the demo catalog: a physical order with shipping, a digital-only
// order that skips shipping, a free order that skips payment, a declined card then a good one, and a
// double-clicked submit giving one order, and a paid donation moving the thermometer in a second browser.

const HARDCOVER = "10-1-202"; // stock 12
const EBOOK = "90-3-201";
const PDF = "90-4-501"; // $4.99: FIVEOFF makes it free

// Each journey is eight to ten server round trips, the order itself several appends: on the shared
// 2-core test machines a journey can take a minute, which is load, not a wait in the code.
test.describe.configure({ timeout: 120_000 });
const PLACED = { timeout: 30_000 };

test.beforeEach(async ({ request }) => {
  const checkout = await request.get("/api/store/shop/checkout/");
  test.skip(checkout.status() === 404, "needs the checkout endpoints");
});

async function addToCart(page: Page, pairs: string) {
  const res = await page.request.get(`/api/store/shop/add-to-cart/?${pairs}`);
  expect((await res.json()).metadata.success).toBe(true);
}

async function fillBilling(page: Page) {
  await page.goto("/store/checkout/");
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  await page.getByLabel("First name").fill("Noah");
  await page.getByLabel("Last name").fill("Builder");
  await page.getByRole("textbox", { name: "Street address", exact: true }).fill("1 Ark Way");
  await page.getByLabel("City").fill("Petersburg");
  await page.getByLabel("State").selectOption("KY");
  await page.getByLabel("Postal code").fill("41080");
  await page.getByLabel("Email").fill("noah@example.org");
  await page.getByRole("button", { name: "Continue" }).click();
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiration month").selectOption("12");
  await page.getByLabel("Expiration year").selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel("Security code (CVV)").fill("123");
  await page.getByLabel("Name on card").fill("Noah Builder");
}

async function seriousFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("a physical order with shipping, then the order-complete page with Print Order", async ({ page }) => {
  await addToCart(page, `${HARDCOVER}=1`);
  await fillBilling(page);
  await expect(page.getByRole("radio", { name: "Same as billing", exact: true })).toBeChecked();
  await page.getByRole("button", { name: "Continue" }).click();
  const shipping = page.getByRole("group", { name: "Shipping method" });
  await expect(shipping.getByRole("radio").first()).toBeChecked();
  await shipping.getByRole("radio", { name: /Two-day/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  // Step 4 reviews the order in the one summary beside every step, with the shipping chosen.
  const summary = page.getByRole("complementary", { name: "Order summary" });
  await expect(summary.getByRole("row", { name: /Shipping/ })).toContainText("Two-day");
  expect(await seriousFindings(page)).toEqual([]);
  // Finished steps are revisitable from their headings.
  await page.getByRole("button", { name: "Billing information (edit)" }).click();
  await expect(page.getByLabel("First name")).toHaveValue("Noah");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await fillCard(page, "4242 4242 4242 4242");
  // The card types the number does not match are struck through, still readable (axe contrast).
  await expect(page.locator(".card-types .dimmed")).toHaveCount(3);
  expect(await seriousFindings(page)).toEqual([]);
  await page.getByRole("button", { name: "Submit Order" }).click();
  await expect(page).toHaveURL(/\/store\/checkout\/complete\/\d+\/$/, PLACED);
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  await expect(page.getByRole("button", { name: "Print Order" })).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print Order" })).toBeHidden();
  await expect(page.locator(".site-header")).toBeHidden();
});

test("a digital-only order skips shipping", async ({ page }) => {
  await addToCart(page, `${EBOOK}=1`);
  await fillBilling(page);
  await expect(page.getByRole("radio", { name: "Same as billing email" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Same as billing", exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Payment and review" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Checkout steps" })).not.toContainText("Shipping method");
  await fillCard(page, "4242424242424242");
  await page.getByRole("button", { name: "Submit Order" }).click();
  await expect(page).toHaveURL(/\/store\/checkout\/complete\/\d+\/$/, PLACED);
  await expect(page.getByText("noah@example.org").first()).toBeVisible();
});

test("a free order hides card and check and needs no payment", async ({ page }) => {
  await addToCart(page, `${PDF}=1`);
  await page.request.get('/api/store/shop/apply-discounts/?discounts=["FIVEOFF"]');
  await fillBilling(page);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Nothing is due for this order.")).toBeVisible();
  await expect(page.getByLabel("Card number")).toHaveCount(0);
  await expect(page.getByRole("radio", { name: "Check / money order" })).toHaveCount(0);
  await page.getByRole("button", { name: "Submit Order" }).click();
  await expect(page).toHaveURL(/\/store\/checkout\/complete\/\d+\/$/, PLACED);
  await expect(page.getByText("No payment due")).toBeVisible();
});

test("a declined card, then a good one", async ({ page }) => {
  await addToCart(page, `${EBOOK}=1`);
  await fillBilling(page);
  await page.getByRole("button", { name: "Continue" }).click();
  await fillCard(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: "Submit Order" }).click();
  await expect(page.getByRole("alert")).toContainText("Your card was declined.");
  await expect(page.getByRole("button", { name: "Submit Order" })).toBeEnabled();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Submit Order" }).click();
  await expect(page).toHaveURL(/\/store\/checkout\/complete\/\d+\/$/, PLACED);
});

test("a double-clicked submit gives one order", async ({ page }) => {
  await addToCart(page, `${EBOOK}=1`);
  await fillBilling(page);
  await page.getByRole("button", { name: "Continue" }).click();
  await fillCard(page, "4242 4242 4242 4242");
  const answers: string[] = [];
  await page.route("**/api/store/shop/checkout/payment/", async (route) => {
    const response = await route.fetch();
    if (route.request().method() === "POST") answers.push((await response.json()).order?.number);
    await route.fulfill({ response });
  });
  await page.getByRole("button", { name: "Submit Order" }).dblclick();
  await expect(page).toHaveURL(/\/store\/checkout\/complete\/\d+\/$/, PLACED);
  const number = /complete\/(\d+)\//.exec(page.url())?.[1];
  expect(answers.length).toBeGreaterThan(0);
  expect(new Set(answers)).toEqual(new Set([number]));
  // The same submit again (a reload, a back button) answers the same order.
  const again = await page.request.post("/api/store/shop/checkout/payment/", {
    data: {
      payment_type: "card",
      card_number: "4242424242424242",
      exp_month: "12",
      exp_year: "2040",
      cvv: "123",
      name_on_card: "N",
    },
    headers: { "X-CSRFToken": (await page.context().cookies()).find((c) => c.name === "csrftoken")?.value ?? "" },
  });
  expect((await again.json()).order.number).toBe(number);
});

test("an invalid step goes back to the cart", async ({ page }) => {
  await page.goto("/store/checkout/");
  await expect(page).toHaveURL(/\/store\/cart\/$/);
});

test("a donation paid in one browser moves the thermometer in another", async ({ browser, page }) => {
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto("/donate/");
  const raised = visitor.locator(".thermometer-figures dd").first();
  await expect(raised).toBeVisible();
  const before = await raised.textContent();

  await addToCart(page, "Ark=57");
  await fillBilling(page);
  await page.getByRole("button", { name: "Continue" }).click(); // delivery: nothing ships, nothing to fill
  await expect(page.getByRole("heading", { name: "Payment and review" })).toBeVisible();
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Donate" }).click(); // spec 8: a cart of gifts only is given, not ordered
  await expect(page).toHaveURL(/\/store\/checkout\/complete\/\d+\/$/, PLACED);
  // The other browser hears the paid gift on its socket, without a reload.
  await expect(raised).not.toHaveText(before ?? "");
  await visitor.context().close();
});

test("spec 8: the donate form has the organisation box: it says donating, the field slides away and clears when unticked, and the name reaches checkout", async ({
  page,
}) => {
  await page.goto("/donate/");
  const box = page.getByLabel("I am donating on behalf of an organization/church");
  const field = page.getByLabel("Organization/church", { exact: true });
  await expect(box).not.toBeChecked();
  await expect(field).not.toBeVisible();
  await box.check();
  await field.fill("Grace Chapel");
  await box.uncheck();
  await expect(field).not.toBeVisible();
  await box.check();
  await expect(field).toHaveValue(""); // unticking cleared it
  await field.fill("Grace Chapel");
  await page.getByRole("button", { name: "$50" }).first().click();
  await page.getByRole("button", { name: "Add Donation to Cart" }).click();
  await expect(page.getByRole("status").filter({ hasText: "View Cart" })).toBeVisible();
  await page.goto("/store/checkout/");
  await expect(page.getByLabel("I am donating on behalf of an organization/church")).toBeChecked();
  await expect(page.getByLabel("Organization/church", { exact: true })).toHaveValue("Grace Chapel");
});

test("spec 4: a visitor's cart offers sign-in or guest checkout; signing in keeps the cart and returns to checkout", async ({
  browser,
  page,
}) => {
  // The shopper's account, made in another browser.
  const email = `cart-login-${Date.now().toString(36)}@example.org`;
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.goto("/account/signup/");
  await postOk(other, "/api/account/signup/", { name: "Cara Cart", email, password: "correct horse battery" });
  await elsewhere.close();

  await page.goto("/store/cart/");
  await addToCart(page, `${HARDCOVER}=1`);
  await page.goto("/store/cart/");
  await expect(page.getByText("Have an account? Sign in to check out")).toBeVisible();
  await expect(page.getByRole("link", { name: "Checkout as guest" })).toHaveAttribute("href", "/store/checkout/");
  await page.getByRole("link", { name: "Sign in and check out" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/store\/checkout\/$/);
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  const cart = await (await page.request.get("/api/store/shop/full-cart/")).json();
  expect(cart.items.map((i: { sku_code: string }) => i.sku_code)).toEqual([HARDCOVER]);
  await page.goto("/store/cart/");
  await expect(page.getByRole("link", { name: "Checkout", exact: true })).toBeVisible();
  await expect(page.getByText("Have an account?")).toHaveCount(0);
});

test("spec 11: a card reader's swipe into the number box fills number, expiry and name, then the order goes through", async ({
  page,
}) => {
  await addToCart(page, `${EBOOK}=1`);
  await fillBilling(page);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Payment and review" })).toBeVisible();
  const year = String(new Date().getFullYear() + 2).slice(2);
  // A reader types track 1 like a keyboard, fast.
  await page.getByLabel("Card number").pressSequentially(`%B4242424242424242^BUILDER/NOAH^${year}12101000000?`, {
    delay: 5,
  });
  await expect(page.getByLabel("Card number")).toHaveValue("4242424242424242");
  await expect(page.getByLabel("Expiration month")).toHaveValue("12");
  await expect(page.getByLabel("Expiration year")).toHaveValue(`20${year}`);
  await expect(page.getByLabel("Name on card")).toHaveValue("NOAH BUILDER");
  await expect(page.getByLabel("Security code (CVV)")).toBeFocused();
  await page.getByLabel("Security code (CVV)").fill("123");
  await page.getByRole("button", { name: "Submit Order" }).click();
  await expect(page).toHaveURL(/\/store\/checkout\/complete\/\d+\/$/, PLACED);
});

test("spec 6: the billing form checks a field on leaving it, and sends nothing while one shows a problem", async ({
  page,
}) => {
  await addToCart(page, `${EBOOK}=1`);
  await page.goto("/store/checkout/");
  const email = page.getByLabel("Email");
  await email.fill("bad@");
  await email.press("Tab");
  await expect(page.locator("#id_email_errors")).toHaveText("Please enter a valid email address (bad@).");
  await email.fill("noah@example.org"); // fixed while typing: the message goes
  await expect(page.locator("#id_email_errors")).toHaveCount(0);
  let sent = 0;
  page.on("request", (r) => void (r.url().includes("/checkout/info/") && sent++));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.locator("#id_first_name_errors")).toHaveText("This field is required.");
  await expect(page.getByLabel("First name")).toBeFocused();
  expect(sent).toBe(0);
  await fillBilling(page);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Payment and review" })).toBeVisible();
});
