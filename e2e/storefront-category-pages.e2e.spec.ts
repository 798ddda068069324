import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

// Issue 10: the store category pages of storefront §2 — the magazine subscription (§4: the term sets how
// many free video downloads may be ticked; the server refuses a cart that breaks it) and the
// alphabet-order supplies (rows show and hide; the order form with a running total; §5 generic rules).

const storeMenu = (page: Page) => page.getByRole("navigation", { name: "Main" });
const box = (page: Page, name: string) => page.getByRole("checkbox", { name });
const cartItems = (page: Page) => page.locator("main").getByRole("link");

test("magazine: the term sets how many free downloads may be ticked; the choice goes to the cart", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto("/store/");
  await storeMenu(page).getByRole("link", { name: "Magazine" }).click();
  await expect(page.getByRole("heading", { name: "Answers Magazine Subscription" })).toBeVisible();
  await expect(box(page, "Dinosaurs and the Bible")).toBeDisabled(); // no term yet

  await page.getByRole("radio", { name: /3 Years/ }).check();
  for (const name of ["Dinosaurs and the Bible", "The Six Days of Creation", "The Ice Age"])
    await box(page, name).check();
  await expect(box(page, "Where Did Cain Get His Wife?")).toBeDisabled(); // the count is reached
  await expect(box(page, "Distant Starlight (sold out)")).toBeDisabled();
  await expect(page.getByText("Your 3-year subscription includes 3 free video downloads: 3 chosen.")).toBeVisible();

  await page.getByRole("radio", { name: /2 Years/ }).check(); // the surplus tick is cleared
  await expect(box(page, "The Ice Age")).not.toBeChecked();
  await expect(box(page, "The Ice Age")).toBeDisabled();
  await expect(box(page, "Dinosaurs and the Bible")).toBeChecked();
  await box(page, "The Six Days of Creation").uncheck(); // fewer ticked: the others are enabled again
  await expect(box(page, "The Ice Age")).toBeEnabled();
  await expect(box(page, "Distant Starlight (sold out)")).toBeDisabled();
  await box(page, "Noah's Flood: Fact or Fiction?").check();

  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to Cart")).toBeVisible();
  await page.getByRole("link", { name: "View Cart" }).click();
  await expect(page).toHaveURL(/\/store\/cart\/$/);
  await expect(cartItems(page).filter({ hasText: "Answers Magazine Subscription" })).toBeVisible();
  await expect(cartItems(page).filter({ hasText: "Dinosaurs and the Bible" })).toBeVisible();
  await expect(cartItems(page).filter({ hasText: "Noah's Flood: Fact or Fiction?" })).toBeVisible();
  await expect(page.getByText("$44.00").first()).toBeVisible();
});

test("magazine: no term is refused by the form; a fourth download on a 1-year term by the server", async ({ page }) => {
  await page.goto("/store/magazine/");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This field is required." })).toBeVisible();

  await page.getByRole("radio", { name: /1 Year/ }).check();
  await box(page, "The Ice Age").check();
  for (const name of ["Dinosaurs and the Bible", "The Six Days of Creation", "Where Did Cain Get His Wife?"])
    await expect(box(page, name)).toBeDisabled();

  // A page that did not keep the rule (an old tab, a script): the cart refuses it and adds nothing.
  const answer = await page.evaluate(async () => {
    const token = document.cookie.match(/csrftoken=([^;]+)/)?.[1] ?? "";
    const response = await fetch("/api/store/magazine/add-to-cart/", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": token },
      body: JSON.stringify({
        subscription: "95-1-101",
        free_downloads: ["95-9-101", "95-9-102", "95-9-104", "95-9-105"],
      }),
    });
    return { status: response.status, body: await response.json() };
  });
  expect(answer.status).toBe(400);
  expect(answer.body.metadata).toMatchObject({
    success: false,
    message: "Your magazine subscription includes 1 free video download.",
  });
  await page.goto("/store/cart/");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
});

test("alphabet order: a row shows and hides its supplies; two items ordered with the running total", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto("/store/");
  await storeMenu(page).getByRole("link", { name: "Alphabet order" }).click();
  await expect(page.getByRole("heading", { name: "Alphabet Order Supplies" })).toBeVisible();

  await page.getByRole("button", { name: "Add to Cart" }).click(); // §5: validation first
  const errors = page.getByRole("alert").filter({ hasText: "At least one field must be filled out." });
  await expect(errors).toBeVisible();
  await expect(errors).toBeInViewport();

  const rowA = page.getByRole("button", { name: /^A 4 supplies/ });
  const sheets = page.getByLabel("Quantity of Activity Sheets (pack of 25)");
  await expect(rowA).toHaveAttribute("aria-expanded", "false");
  await expect(sheets).toBeHidden();
  await rowA.click();
  await expect(rowA).toHaveAttribute("aria-expanded", "true");
  await expect(sheets).toBeVisible();
  await expect(page.locator("#supplies-A").getByText("Sold out")).toBeVisible(); // Alphabet Flash Cards
  await rowA.click();
  await expect(sheets).toBeHidden();
  await rowA.press("Enter"); // by keyboard too
  await expect(sheets).toBeVisible();

  const total = page.locator(".running-total strong");
  await sheets.fill("2");
  await expect(total).toHaveText("$9.98");
  await page.getByRole("button", { name: /^C 2 supplies/ }).click();
  const crayons = page.getByLabel("Quantity of Crayons (box of 24)");
  await crayons.fill("3");
  await expect(total).toHaveText("$20.45");
  const kit = page.getByLabel("Quantity of Craft Kit: Noah's Ark");
  await kit.fill("x"); // not a number: 0, and the total is recalculated
  await expect(total).toHaveText("$20.45");
  await kit.blur();
  await expect(kit).toHaveValue("0");

  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to Cart")).toBeVisible();
  await expect(errors).toHaveCount(0);
  await page.getByRole("link", { name: "View Cart" }).click();
  await expect(cartItems(page).filter({ hasText: "Activity Sheets (pack of 25)" })).toBeVisible();
  await expect(cartItems(page).filter({ hasText: "Crayons (box of 24)" })).toBeVisible();
  await expect(page.getByText("$20.45").first()).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true });

  for (const [path, ready] of [
    ["/store/magazine/", "Choose your subscription"],
    ["/store/alphabet-order/", "Alphabet Order Supplies"],
  ] as const) {
    test(`${path} fits the screen and passes axe`, async ({ page }) => {
      test.setTimeout(90_000); // axe on a shared machine
      await page.goto(path);
      await expect(page.getByText(ready)).toBeVisible();
      if (path === "/store/alphabet-order/") await page.getByRole("button", { name: /^A 4 supplies/ }).click();
      else await page.getByRole("radio", { name: /2 Years/ }).check();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(" ")) }))).toEqual([]);
      await page.screenshot({
        path: `test-results/phone${path.replaceAll("/", "-").slice(0, -1)}.png`,
        fullPage: true,
      });
    });
  }
});
