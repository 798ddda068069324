import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";

// Issue 26 points 6 and 7, issue 27 point 4, on the demo catalog: the order summary beside (desktop)
// or under (phone) every checkout step, numbered step labels, the country and state selects, a
// signed-in shopper's prefill and 'Save to my address book', the account page's links, and signing
// in from the checkout (the cart comes along).

const HARDCOVER = "10-1-202"; // The New Answers Book 2, hardcover, $24.99
const GRANDPARENT = "90-8-113"; // a membership of the quick checkout
const SHOTS = "/tmp/shots-checkout";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
test.describe.configure({ timeout: 120_000 });

const newEmail = (what: string) => `${what}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;

async function addToCart(page: Page, pairs: string) {
  const res = await page.request.get(`/api/store/shop/add-to-cart/?${pairs}`);
  expect((await res.json()).metadata.success).toBe(true);
}

async function seriousFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function signUp(page: Page, email: string, name: string) {
  await page.goto("/account/signup/?next=/account/");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/^[^?]*\/account\/$/, { timeout: 20_000 });
}

/** The sign-in page, reached by a full page load: typing waits until it has hydrated (its script keeps the fields). */
async function signIn(page: Page, email: string) {
  await expect(page).toHaveURL(/\/account\/login\/\?next=/);
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function fillBilling(page: Page) {
  await page.getByRole("textbox", { name: "First name" }).fill("Noah");
  await page.getByRole("textbox", { name: "Last name" }).fill("Builder");
  await page.getByRole("textbox", { name: "Street address", exact: true }).fill("1 Ark Way");
  await page.getByRole("textbox", { name: "City" }).fill("Petersburg");
  await page.getByRole("combobox", { name: "State" }).selectOption("KY");
  await page.getByRole("textbox", { name: "Postal code" }).fill("41080");
  await page.getByRole("textbox", { name: "Email" }).fill("noah@example.org");
}

const box = async (page: Page, selector: string) => {
  const b = await page.locator(selector).boundingBox();
  if (!b) throw new Error(`${selector} is not shown`);
  return b;
};

for (const [size, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test.describe(`at ${size} size`, () => {
    test.use({ viewport });

    test(`spec 26.6: the order summary is ${size === "phone" ? "under" : "beside"} every step, with lines, shipping, tax and total, and step 4 shows it once`, async ({
      page,
    }) => {
      await addToCart(page, `${HARDCOVER}=2&GeneralDonation=12.50`);
      await page.goto("/store/checkout/");
      const summary = page.getByRole("complementary", { name: "Order summary" });
      await expect(summary).toContainText("The New Answers Book 2 Hardcover");
      await expect(summary).toContainText("× 2");
      await expect(summary.getByRole("row", { name: /Shipping/ })).toContainText("Chosen at step 3");
      await expect(summary.getByRole("row", { name: /Tax/ })).toContainText("$0.00");
      const total = summary.getByRole("row", { name: /Total/ });
      await expect(total).toContainText("$62.48"); // 2 × $24.99 and a $12.50 gift
      const steps = await box(page, ".checkout-steps");
      const aside = await box(page, ".checkout-summary");
      if (size === "phone") expect(aside.y).toBeGreaterThanOrEqual(steps.y + steps.height);
      else {
        expect(aside.x).toBeGreaterThanOrEqual(steps.x + steps.width);
        expect(Math.abs(aside.y - steps.y)).toBeLessThan(5);
      }
      // A phone never scrolls sideways, the 249 countries' select included.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await fillBilling(page);
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByRole("radio", { name: "Same as billing" })).toBeVisible();
      await expect(summary).toContainText("$62.48");
      expect(await seriousFindings(page)).toEqual([]);
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/step2-${size}.png`, fullPage: true });

      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("button", { name: "Continue" }).click(); // standard shipping for two: $6.99
      await expect(page.getByRole("radio", { name: "Check / money order" })).toBeVisible();
      await expect(summary.getByRole("row", { name: /Shipping/ })).toContainText("$6.99");
      await expect(total).toContainText("$69.47");
      // spec 26.6: step 4 ("Payment and review") shows one order summary, not a second table of its own.
      await expect(page.getByRole("columnheader", { name: "Item" })).toHaveCount(1);
      await expect(page.getByRole("row", { name: /^Total/ })).toHaveCount(1);
      await expect(page.locator(".order-total-line")).toHaveText("Total: $69.47"); // by the button, in view on a phone
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await seriousFindings(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/step4-${size}.png`, fullPage: true });
    });
  });
}

test.describe("at desktop size", () => {
  test.use({ viewport: DESKTOP });

  test("spec 26.6: the step labels are a numbered list with room between them", async ({ page }) => {
    await addToCart(page, `${HARDCOVER}=1`);
    await page.goto("/store/checkout/");
    const items = page.getByRole("navigation", { name: "Checkout steps" }).getByRole("listitem");
    await expect(items).toHaveText(["1Billing information", "2Delivery", "3Shipping method", "4Payment and review"]);
    const boxes = await Promise.all((await items.all()).map((item) => item.boundingBox()));
    for (let i = 1; i < boxes.length; i++) {
      const [before, after] = [boxes[i - 1]!, boxes[i]!];
      // On one row, each label starts at least 16 px after the last ends; or it wrapped to a row below.
      if (Math.abs(after.y - before.y) < 2) expect(after.x - (before.x + before.width)).toBeGreaterThanOrEqual(16);
      else expect(after.y).toBeGreaterThan(before.y);
    }
    await expect(items.first()).toHaveAttribute("aria-current", "step");
  });

  test("spec 26.6: the country is a select of the ISO list, United States first; the state a select only for the US", async ({
    page,
  }) => {
    await addToCart(page, `${HARDCOVER}=1`);
    await page.goto("/store/checkout/");
    const country = page.getByRole("combobox", { name: "Country" });
    await expect(country).toHaveValue("US");
    expect(await country.locator("option").count()).toBe(249);
    await expect(country.locator("option").first()).toHaveText("United States");
    await expect(page.getByRole("combobox", { name: "State" })).toBeVisible();
    await country.selectOption({ label: "Canada" });
    await expect(page.getByRole("combobox", { name: "State" })).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "State" })).toBeVisible();
    await country.selectOption({ label: "United States" });
    await expect(page.getByRole("combobox", { name: "State" }).locator("option", { hasText: "Kentucky" })).toHaveCount(
      1,
    );
  });

  test("spec 26.6: a signed-in shopper starts with name and email filled and saves the typed address to the book", async ({
    page,
  }) => {
    const email = newEmail("prefill");
    await signUp(page, email, "Ann Shopper");
    await addToCart(page, `${HARDCOVER}=1`);
    await page.goto("/store/checkout/");
    // Signed in: no sign-in prompt, and the account's name and email are there already.
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(email);
    await expect(page.getByRole("textbox", { name: "First name" })).toHaveValue("Ann");
    await expect(page.getByRole("textbox", { name: "Last name" })).toHaveValue("Shopper");
    await expect(page.getByRole("link", { name: "Sign in and check out" })).toHaveCount(0);
    await page.getByRole("textbox", { name: "Street address", exact: true }).fill("12 Book Lane");
    await page.getByRole("textbox", { name: "City" }).fill("Springfield");
    await page.getByRole("combobox", { name: "State" }).selectOption("IL");
    await page.getByRole("textbox", { name: "Postal code" }).fill("62701");
    await page.getByRole("checkbox", { name: "Save to my address book" }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("radio", { name: "Same as billing" })).toBeVisible(); // step 2 is open

    await page.goto("/account/addresses/");
    await expect(page.getByText("12 Book Lane")).toBeVisible();
  });

  test("spec 26.6: a signed-in shopper's default address is the billing address the checkout starts with", async ({
    page,
  }) => {
    const email = newEmail("default");
    await signUp(page, email, "Dee Default");
    await page.goto("/account/addresses/");
    const form = page.getByRole("region", { name: "Add an address" });
    await page.getByRole("button", { name: "Add an address" }).click();
    await form.getByLabel("First name").fill("Dee");
    await form.getByLabel("Last name").fill("Default");
    await form.getByLabel("Street address").fill("3 Home Row");
    await form.getByLabel("City").fill("Frankfort");
    await form.getByLabel("State", { exact: true }).selectOption("KY");
    await form.getByLabel("Postal code").fill("40601");
    await form.getByRole("button", { name: "Save address" }).click();
    await expect(form).toHaveCount(0);
    await addToCart(page, `${HARDCOVER}=1`);
    await page.goto("/store/checkout/");
    await expect(page.getByLabel("Billing address").locator("option:checked")).toHaveText(
      "Dee Default, 3 Home Row, Frankfort KY 40601",
    );
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(email);
    await expect(page.getByRole("textbox", { name: "First name" })).toHaveCount(0);
  });

  test("spec 26.7: the account page links orders, addresses, wishlist, newsletters and monthly gifts, each a page that answers", async ({
    page,
  }) => {
    await signUp(page, newEmail("links"), "Lee Links");
    const links = page.getByRole("navigation", { name: "Your account" }).getByRole("link");
    await expect(links).toHaveText(["Order history", "Address book", "Wishlist", "Newsletters", "Monthly gifts"]);
    for (const href of [
      "/account/orders/",
      "/account/addresses/",
      "/account/wishlist/",
      "/newsletters/",
      "/account/monthly-gifts/",
    ]) {
      await expect(
        page
          .getByRole("link", { name: /./ })
          .and(page.locator(`[href="${href}"]`))
          .first(),
      ).toBeVisible();
      expect((await page.request.get(href)).status()).toBe(200);
    }
    expect(await seriousFindings(page)).toEqual([]);
  });
});

/** A shopper who has an account, signed up (and so signed in) in a browser of their own. */
async function existingShopper(browser: Browser) {
  const email = newEmail("merge");
  const context = await browser.newContext();
  await signUp(await context.newPage(), email, "Mia Merge");
  await context.close();
  return email;
}

test.describe("at phone size", () => {
  test.use({ viewport: PHONE });

  test("spec 27.4: a visitor signs in from the checkout; the cart comes along and the checkout opens again", async ({
    browser,
    page,
  }) => {
    const email = await existingShopper(browser);
    await addToCart(page, `${HARDCOVER}=3`);
    await page.goto("/store/checkout/");
    // Guest checkout is the page itself; the login-gated button sits above it.
    await expect(page.getByRole("textbox", { name: "First name" })).toBeVisible();
    await page.getByRole("link", { name: "Sign in and check out" }).click();
    await expect(page).toHaveURL(/\/account\/login\/\?next=%2Fstore%2Fcheckout%2F$/);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/store\/checkout\/$/, { timeout: 20_000 });
    await expect(page.getByRole("complementary", { name: "Order summary" })).toContainText("× 3");
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(email);
    await expect(page.getByRole("link", { name: "Sign in and check out" })).toHaveCount(0);
  });

  test("spec 27.4: the quick checkout offers signing in beside the guest form and comes back to it", async ({
    browser,
    page,
  }) => {
    const email = await existingShopper(browser);
    await page.goto(`/store/quick-checkout/${GRANDPARENT}/`);
    await expect(page.getByRole("textbox", { name: "First name", exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Sign in and check out" }).click();
    await signIn(page, email);
    await expect(page).toHaveURL(new RegExp(`/store/quick-checkout/${GRANDPARENT}/$`), { timeout: 20_000 });
    await expect(page.getByRole("heading", { name: "Quick checkout" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in and check out" })).toHaveCount(0);
  });
});
