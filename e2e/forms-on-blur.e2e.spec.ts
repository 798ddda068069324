import { expect, type Locator, type Page, test } from "@playwright/test";
import { logInByApi } from "./support/staff-login";

// Issue 27 point 6: fields are checked as they are left, not only after a send; a failed check before
// sending scrolls to and focuses the first field in error; one error layout (a paragraph after the field).

test.describe.configure({ timeout: 90_000 });
const BAD_EMAIL = "Please enter a valid email address (bad@).";

/** Types `bad@` and tabs out: the message shows under the box, and the focus went where the Tab took it. */
async function leaveBadEmail(page: Page, email: Locator, next: Locator) {
  await email.fill("bad@");
  await expect(page.getByText(BAD_EMAIL)).toHaveCount(0); // nothing while typing
  await email.press("Tab");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription(BAD_EMAIL);
  await expect(next).toBeFocused();
  // The layout: one paragraph right after the box.
  const message = email.locator("xpath=following-sibling::*[1]");
  await expect(message).toHaveJSProperty("tagName", "P");
  await expect(message).toHaveText(BAD_EMAIL);
}

test("spec 6: sign-up checks the email on blur, and before sending focuses the first error", async ({ page }) => {
  await page.goto("/account/signup/");
  await expect(page.getByRole("heading", { name: "Create an account" })).toBeVisible();
  await leaveBadEmail(page, page.getByLabel("Email"), page.getByLabel("Password"));
  // A corrected address clears its message as it is typed.
  await page.getByLabel("Email").fill("good@example.org");
  await expect(page.getByText(BAD_EMAIL)).toHaveCount(0);
  // Sending with no password: checked in the page, the password box gets the focus and its message.
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByLabel("Password")).toBeFocused();
  await expect(page.getByLabel("Password")).toHaveAccessibleDescription("This field is required.");
  await expect(page).toHaveURL(/\/account\/signup\/$/);
});

test("spec 6: the newsletter form checks the email on blur and before sending", async ({ page }) => {
  await page.goto("/newsletters/");
  const email = page.getByLabel("Email address");
  await email.fill("bad@");
  await email.blur();
  await expect(email).toHaveAccessibleDescription(BAD_EMAIL);
  await email.fill("");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription("This field is required.");
});

test("spec 6: checkout's billing email is checked on blur; a blank step is checked before sending", async ({
  page,
}) => {
  const checkout = await page.request.get("/api/store/shop/checkout/");
  test.skip(checkout.status() === 404, "needs the checkout endpoints");
  const added = await page.request.get("/api/store/shop/add-to-cart/?10-1-202=1");
  expect((await added.json()).metadata.success).toBe(true);
  await page.goto("/store/checkout/");
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  await leaveBadEmail(page, page.getByLabel("Email"), page.getByRole("checkbox", { name: /on behalf of/ }));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByLabel("First name")).toBeFocused();
  await expect(page.getByLabel("First name")).toHaveAccessibleDescription("This field is required.");
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription(BAD_EMAIL);
});

test("spec 6: a record page's date is checked on blur, in the same layout", async ({ page }) => {
  await logInByApi(page);
  await page.goto("/admin/store/product/add/");
  const date = page.locator("#id_release_date");
  await date.fill("next week");
  await date.press("Tab");
  await expect(page.locator("#id_release_date-errors")).toHaveText("Enter a valid date (yyyy-mm-dd).");
  await expect(date).toHaveAttribute("aria-invalid", "true");
  const message = date.locator("xpath=following-sibling::*[1]");
  await expect(message).toHaveJSProperty("tagName", "P");
  // The summary is for a failed save: the blur check neither shows it nor takes the focus.
  await expect(page.locator(".error-summary")).toHaveCount(0);
  await expect(date).not.toBeFocused();
  await date.fill("2027-03-01");
  await expect(page.locator("#id_release_date-errors")).toHaveCount(0);
});
