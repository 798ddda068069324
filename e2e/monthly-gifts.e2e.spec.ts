import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { DEMO, logInNewBrowser } from "./support/staff-login";

// Issue 26 §5 and §7: a monthly gift started on the donate page (Give now, "Make this monthly") by a
// signed-in shopper, then cancelled on their account page. On a phone, the page the gift is cancelled
// on checked with axe.

const PHONE = { width: 390, height: 844 };
test.describe.configure({ timeout: 180_000 });
const newEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;

async function seriousFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function fillGift(page: Page, email: string) {
  const quick = page.locator(".quick-donate");
  await quick.getByLabel("Amount ($)").fill("12.50");
  await quick.getByLabel("Give to").selectOption({ label: "Where it is needed most" });
  await quick.getByLabel("Email for your receipt").fill(email);
  await quick.getByLabel("Card number").fill("4242 4242 4242 4242");
  await quick.getByLabel("Expiration month").selectOption("12");
  await quick.getByLabel("Expiration year").selectOption(String(new Date().getFullYear() + 2));
  await quick.getByLabel("Security code (CVV)").fill("123");
  await quick.getByLabel("Name on card").fill("Monty Monthly");
  await quick.getByRole("checkbox", { name: "Make this monthly" }).check();
  return quick;
}

test.use({ viewport: PHONE });

test("spec 26.5: a guest who ticks 'Make this monthly' is asked to sign in, and nothing is given", async ({ page }) => {
  await page.goto("/donate/");
  await page.waitForLoadState("networkidle");
  const quick = await fillGift(page, "guest@example.org");
  await expect(quick.getByRole("link", { name: "sign in" })).toHaveAttribute(
    "href",
    "/account/login/?next=%2Fdonate%2F",
  );
  await quick.getByRole("button", { name: "Give $12.50 monthly" }).click();
  await expect(quick.getByText("Please sign in (or create an account) to give monthly")).toBeVisible();
  await expect(page).toHaveURL(/\/donate\/$/);
});

test("spec 26.5 / 26.7: a signed-in shopper starts a monthly gift on the donate page and cancels it on the account page", async ({
  page,
  browser,
}) => {
  const email = newEmail("monthly");
  await page.goto("/account/signup/?next=/donate/");
  await page.getByLabel("Name").fill("Monty Monthly");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/^[^?]*\/donate\/$/, { timeout: 20_000 });
  await page.waitForLoadState("networkidle");

  const quick = await fillGift(page, email);
  await expect(quick.getByRole("link", { name: "Monthly gifts" })).toBeVisible();
  await quick.getByRole("button", { name: "Give $12.50 monthly" }).click();
  await expect(page).toHaveURL(/\/store\/checkout\/complete\/\d+\/$/, { timeout: 30_000 });
  const number = /complete\/(\d+)\//.exec(page.url())?.[1] ?? "";
  // spec 26.5: the first month's page says the gift repeats, and where to stop it.
  await expect(page.getByRole("note").filter({ hasText: "This gift repeats" })).toContainText(
    "This gift repeats: $12.50 to General Donation every month, on the same card.",
  );
  await expect(page.getByRole("note").getByRole("link", { name: "Monthly gifts" })).toHaveAttribute(
    "href",
    "/account/monthly-gifts/",
  );

  await page.goto("/account/");
  await page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Monthly gifts" }).click();
  await expect(page.getByRole("heading", { name: "Your monthly gifts" })).toBeVisible();
  const gift = page.getByRole("listitem", { name: `Monthly gift ${number}` });
  await expect(gift).toContainText("$12.50 a month to General Donation");
  await expect(gift).toContainText("Active");
  await expect(gift).toContainText("Visa ending 4242");
  await expect(gift.getByRole("link", { name: `order ${number}` })).toBeVisible();
  expect(await seriousFindings(page)).toEqual([]);

  page.once("dialog", (dialog) => dialog.accept());
  await gift.getByRole("button", { name: "Cancel monthly gift" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Your monthly gift is cancelled. No further months will be charged.",
  );
  await expect(gift).toContainText("Cancelled");
  await expect(gift.getByRole("button", { name: "Cancel monthly gift" })).toHaveCount(0);

  // A reload reads the same from the server.
  await page.reload();
  await expect(page.getByRole("listitem", { name: `Monthly gift ${number}` })).toContainText("Cancelled");

  // Staff see it in the back office, cancelled by its giver, with no Cancel left.
  const staff = await logInNewBrowser(browser, DEMO);
  await staff.goto("/admin/");
  await staff
    .getByRole("navigation", { name: "Back office sections" })
    .getByRole("link", { name: "Monthly gifts" })
    .click();
  const row = staff.getByRole("row").filter({ hasText: number });
  await expect(row).toContainText("Cancelled (shopper)");
  await expect(row).toContainText("Visa ending 4242");
  await expect(row.getByRole("button", { name: "Cancel" })).toHaveCount(0);
});
