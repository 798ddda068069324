import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { fillMembershipBuyer } from "./support/quick-checkout-form";

// The quick checkout for memberships of issue 9 on the demo catalog (product 41, Annual Membership):
// a grandparent membership with a grandchild's birthday, paid with the test card, ends on the order
// complete page; a grandchild born 29 February of a year that is not a leap year is refused.

const GRANDPARENT = "90-8-113";
test.describe.configure({ timeout: 120_000 });
const PLACED = { timeout: 30_000 };
test.use({ viewport: { width: 390, height: 844 } }); // phone first

async function seriousFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function fillForm(page: Page) {
  await fillMembershipBuyer(page);
  await page.getByLabel("Grandchild 1 first name").fill("Ham");
  await page.getByLabel("Grandchild 1 last name").fill("Builder");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiration month").selectOption("12");
  await page.getByLabel("Expiration year").selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel("Security code (CVV)").fill("123");
  await page.getByLabel("Name on card").fill("Noah Builder");
}

async function birthday(page: Page, year: string, month: string, day: string) {
  const row = page.getByRole("group", { name: "Grandchild 1 (optional)" });
  await row.getByLabel("Year").selectOption(year);
  await row.getByLabel("Month").selectOption(month);
  await row.getByLabel("Day").selectOption(day);
}

test("a grandparent membership with a grandchild's birthday, paid with the test card, ends on the order complete page", async ({
  page,
}) => {
  await page.goto("/store/products/41/");
  await page.getByRole("button", { name: "Grandparent Membership" }).click();
  await page.getByRole("link", { name: "Buy" }).click();
  await expect(page).toHaveURL(new RegExp(`/store/quick-checkout/${GRANDPARENT}/$`));
  await expect(page.getByRole("heading", { name: "Quick checkout", level: 1 })).toBeVisible();
  await fillForm(page);
  await birthday(page, "2016", "February", "29");
  // The card goes to a new address typed in the overlay, which checks §5's rules before it closes.
  await page.getByLabel(/^Ship .* to$/).selectOption("add");
  const overlay = page.getByRole("dialog", { name: "New shipping address" });
  await overlay.getByRole("textbox", { name: "First name", exact: true }).fill("Shem");
  await overlay.getByRole("button", { name: "Use this address" }).click();
  await expect(overlay.getByText("This field is required.").first()).toBeVisible();
  await overlay.getByRole("textbox", { name: "Last name", exact: true }).fill("Builder");
  await overlay.getByRole("textbox", { name: "Street address", exact: true }).fill("2 Hill Rd");
  await overlay.getByRole("textbox", { name: "City", exact: true }).fill("Hebron");
  await overlay.getByRole("combobox", { name: "State", exact: true }).selectOption("KY");
  await overlay.getByRole("textbox", { name: "Postal code", exact: true }).fill("41048");
  await overlay.getByRole("button", { name: "Use this address" }).click();
  await expect(overlay).toBeHidden();
  await expect(page.getByLabel(/^Ship .* to$/)).toHaveValue("new");
  expect(await seriousFindings(page)).toEqual([]);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/store\/checkout\/complete\/\d+\/$/, PLACED);
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  await expect(page.getByText("Ham Builder, born 2016-02-29")).toBeVisible();
  await expect(page.locator(".order-addresses")).toContainText("2 Hill Rd");
});

test("a grandchild born 29 February of a year that is not a leap year is refused", async ({ page }) => {
  await page.goto(`/store/quick-checkout/${GRANDPARENT}/`);
  await fillForm(page);
  const row = page.getByRole("group", { name: "Grandchild 1 (optional)" });
  // The day list adapts: February of 2015 has no 29th, and a chosen 29 is cleared when the year changes.
  await birthday(page, "2016", "February", "29");
  await row.getByLabel("Year").selectOption("2015");
  await expect(row.getByLabel("Day")).toHaveValue("");
  await expect(row.getByLabel("Day").locator("option", { hasText: /^29$/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "Please correct the errors in this form before proceeding to checkout.",
  );
  await expect(row.getByText("All passholder name fields are required.")).toBeVisible();
  // spec 6: the page's check gives the focus to the first field in error (the alert is still announced).
  await expect(page.locator(":focus")).toHaveAttribute("aria-invalid", "true");
  expect(await seriousFindings(page)).toEqual([]);
  // The server refuses it too, whatever the page lets through.
  const answer = await page.request.post("/api/store/shop/quick-checkout/", {
    headers: { "x-csrftoken": (await page.context().cookies()).find((c) => c.name === "csrftoken")?.value ?? "" },
    data: {
      sku: GRANDPARENT,
      first_name: "Noah",
      last_name: "Builder",
      street1: "1 Ark Way",
      city: "Petersburg",
      state: "KY",
      postal_code: "41080",
      email: "noah@example.org",
      primary_first_name: "Noah",
      primary_last_name: "Builder",
      dependent_1_first_name: "Ham",
      dependent_1_last_name: "Builder",
      dependent_1_birth_year: "2015",
      dependent_1_birth_month: "02",
      dependent_1_birth_day: "29",
      payment_type: "check",
    },
  });
  expect(answer.status()).toBe(400);
  expect((await answer.json()).metadata).toMatchObject({
    success: false,
    message: "Please correct the errors in this form before proceeding to checkout.",
    errors: ["dependent_1_birth_day: All passholder name fields are required."],
  });
  await expect(page).toHaveURL(new RegExp(`/store/quick-checkout/${GRANDPARENT}/$`));
});
