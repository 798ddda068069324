import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { logInNewBrowser } from "./support/staff-login";
import { DEMO } from "./support/staff-login";

// Issue 9's account journeys: sign up, the address book (add, edit, make default, delete), on a desktop
// and on a phone, the password reset by the emailed link read from the back office's mailbox, and axe.

const PHONE = { width: 375, height: 740 };
// Each journey signs up (argon2) and runs axe several times: minutes, not seconds, on a loaded machine.
test.describe.configure({ timeout: 180_000 });
const newEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;

async function seriousFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function signUp(page: Page, email: string, name = "Ann Shopper", checkAxe = false) {
  await page.goto("/account/signup/?next=/account/addresses/");
  await expect(page.getByRole("heading", { name: "Create an account" })).toBeVisible();
  if (checkAxe) expect(await seriousFindings(page)).toEqual([]);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  // The path, not the query: the sign-up page's own URL ends with ?next=/account/addresses/.
  await expect(page).toHaveURL(/^[^?]*\/account\/addresses\/$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "Address book" })).toBeVisible();
}

async function addAddress(page: Page, a: { first: string; last: string; street: string; city: string; zip: string }) {
  await page.getByRole("button", { name: "Add an address" }).click();
  const form = page.getByRole("region", { name: "Add an address" });
  await form.getByLabel("First name").fill(a.first);
  await form.getByLabel("Last name").fill(a.last);
  await form.getByLabel("Street address").fill(` ${a.street} `);
  await form.getByLabel("City").fill(a.city);
  await form.getByLabel("State", { exact: true }).selectOption("IL");
  await form.getByLabel("Postal code").fill(a.zip);
  await form.getByRole("button", { name: "Save address" }).click();
  // On success the form hides and the add button is back; the new address is in the list.
  await expect(form).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add an address" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: a.street })).toBeVisible();
}

test("spec 7: the address book's state is a dropdown of US states, a box outside the US", async ({ page }) => {
  await signUp(page, newEmail("states"), "Sam States", true);
  await page.getByRole("button", { name: "Add an address" }).click();
  const form = page.getByRole("region", { name: "Add an address" });
  const state = form.getByLabel("State", { exact: true });
  await expect(state.locator("option").first()).toHaveText("Select state");
  await expect(state.locator("option", { hasText: "Kentucky" })).toHaveAttribute("value", "KY");
  // spec 26.7: the country is the checkout's ISO list, United States first.
  await expect(form.getByLabel("Country").locator("option").first()).toHaveText("United States");
  await form.getByLabel("Country").selectOption({ label: "Canada" });
  await expect(form.getByLabel("State / province")).toHaveJSProperty("tagName", "INPUT");
  await form.getByLabel("Country").selectOption({ label: "United States" });
  await expect(form.getByLabel("State", { exact: true })).toHaveJSProperty("tagName", "SELECT");
});

test("sign up, then the address book: add, edit, make default, delete", async ({ page }) => {
  await signUp(page, newEmail("book"), "Ann Shopper", true);
  await expect(page.getByText("You have no saved addresses yet.")).toBeVisible();

  // The server's rules run in the page first: the first field in error is shown, focused (§5).
  await page.getByRole("button", { name: "Add an address" }).click();
  const form = page.getByRole("region", { name: "Add an address" });
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(form.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("First name")).toHaveAccessibleDescription("This field is required.");
  await expect(form.getByLabel("First name")).toBeFocused();
  await form.getByRole("button", { name: "Cancel" }).click();

  await addAddress(page, { first: "Ann", last: "Shopper", street: "1 Main St", city: "Springfield", zip: "62701" });
  const home = page.getByRole("listitem", { name: "Ann Shopper (default)" });
  await expect(home).toContainText("Default address"); // the first address is the default
  await addAddress(page, { first: "Ann", last: "Office", street: "2 Office Park", city: "Chicago", zip: "60601" });
  // Reset on success: the next add starts from an empty form.
  await page.getByRole("button", { name: "Add an address" }).click();
  await expect(page.getByRole("region", { name: "Add an address" }).getByLabel("First name")).toHaveValue("");
  await page.getByRole("region", { name: "Add an address" }).getByRole("button", { name: "Cancel" }).click();
  expect(await seriousFindings(page)).toEqual([]);

  // Edit: the entry turns into its form and back into its display.
  const office = page.getByRole("listitem", { name: "Ann Office" });
  await office.getByRole("button", { name: "Edit Ann Office" }).click();
  await office.getByLabel("City").fill("Evanston");
  await office.getByRole("button", { name: "Save changes" }).click();
  await expect(office.getByText(/Evanston, IL 60601/)).toBeVisible();

  // Make default moves the badge.
  await office.getByRole("button", { name: "Make default Ann Office" }).click();
  await expect(page.getByRole("listitem", { name: "Ann Office (default)" })).toBeVisible();
  await expect(page.getByRole("listitem", { name: "Ann Shopper" })).not.toContainText("Default address");

  // Delete the default: confirmed, removed, and the other address is promoted.
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("Are you sure you want to delete this address from your account?");
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Delete Ann Office" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The address has been permanently removed." })).toBeVisible();
  await expect(page.getByRole("listitem", { name: "Ann Shopper (default)" })).toBeVisible();
  await expect(page.getByRole("listitem", { name: /Ann Office/ })).toHaveCount(0);

  // After a reload the book is as left (the server's, not the page's copy).
  await page.reload();
  await expect(page.getByRole("listitem", { name: "Ann Shopper (default)" })).toBeVisible();
  expect(await seriousFindings(page)).toEqual([]);
});

test("the address book on a phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signUp(page, newEmail("phone"));
  await addAddress(page, { first: "Pat", last: "Phone", street: "5 Small St", city: "Peoria", zip: "61602" });
  const entry = page.getByRole("listitem", { name: "Pat Phone (default)" });
  await expect(entry).toBeVisible();
  // Nothing wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousFindings(page)).toEqual([]);
  await context.close();
});

test("the address pages need a signed-in shopper", async ({ page }) => {
  await page.goto("/account/addresses/");
  await expect(page).toHaveURL(/\/account\/login\/\?next=%2Faccount%2Faddresses%2F$/);
});

test("forgot password: the typed email goes along, the link from the mailbox sets a new password", async ({
  page,
  browser,
}) => {
  const email = newEmail("reset");
  await signUp(page, email, "Rita Reset");
  await page.context().clearCookies();

  await page.goto("/account/login/");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(`/account/password/?email=${encodeURIComponent(email)}`);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  expect(await seriousFindings(page)).toEqual([]);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "If an account uses this email address, we have sent it a link to choose a new password.",
  );

  // Without SMTP_URL the mail lands in the local mailbox, which staff read in the back office.
  const staff = await logInNewBrowser(browser, DEMO);
  await staff.goto("/admin/mailbox/");
  const mail = staff.getByRole("listitem").filter({ hasText: email }).first();
  await expect(mail).toBeVisible();
  await mail.getByRole("button", { name: "Reset your password" }).click();
  const text = await mail.locator("pre").textContent();
  const link = /https?:\/\/\S+token=\S+/.exec(text ?? "")?.[0];
  expect(link).toBeTruthy();
  expect(await seriousFindings(staff)).toEqual([]);

  await page.goto(link!);
  await page.getByLabel("New password", { exact: true }).fill("a brand new secret");
  await page.getByLabel("New password again").fill("a brand new secret");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(/\/account\/$/);
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  await expect(page.locator(".account-home")).toContainText("Signed in as Rita Reset");

  // The link works once.
  await page.goto(link!);
  await page.getByLabel("New password", { exact: true }).fill("another new secret");
  await page.getByLabel("New password again").fill("another new secret");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByRole("alert")).toContainText("The password reset link was invalid");
});
