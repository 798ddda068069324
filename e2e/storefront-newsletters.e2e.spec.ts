import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { logInNewBrowser } from "./support/staff-login";
import { DEMO } from "./support/staff-login";

// Issue 10: the newsletter form (storefront §4, §5 Newsletter) with double opt-in through the mail
// outbox, the unsubscribe link, and the UK email signup (§7, §8).

const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}@example.org`;

/** The confirmation mail's link, read as staff from the outbox (GET /admin/api/mailbox/). */
async function linkFromMailbox(staff: Page, to: string, path: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(async () => {
      const answer = await staff.request.get(`/admin/api/mailbox/?to=${encodeURIComponent(to)}`);
      const text = JSON.stringify(await answer.json());
      link = text.match(new RegExp(`https?://[^\\s"\\\\]*${path}\\?token=[\\w-]+`))?.[0] ?? null;
      return link;
    })
    .not.toBeNull();
  return new URL(link ?? "").pathname + new URL(link ?? "").search;
}

test("newsletter: the form's rules, then double opt-in: needs-finished, the mail's link, thanks", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000); // the storefront and a staff browser, on a shared machine
  const email = uniqueEmail("ann");
  await page.goto("/newsletters/");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByText("You must select at least one of our newsletters.")).toBeVisible();

  await page.getByLabel(/Events near you/).check();
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByText("Postal code is required to receive event emails.")).toBeVisible();

  await page.getByLabel("Postal code").fill("41005");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  const staff = await logInNewBrowser(browser, DEMO);
  const confirm = await linkFromMailbox(staff, email, "/newsletters/confirm/");
  await page.goto(confirm);
  await expect(page.getByRole("heading", { name: "Thank you" })).toBeVisible();

  const rows = await staff.request.get(`/admin/api/newsletters/subscriber/?q=${encodeURIComponent(email)}`);
  expect((await rows.json()).items).toEqual([
    expect.objectContaining({ email, status: "confirmed", lists: "Events near you" }),
  ]);
  const csv = await staff.request.get("/admin/api/newsletters/subscribers.csv");
  expect(await csv.text()).toContain(`${email},confirmed,Events near you,41005`);

  const unsubscribe = await linkFromMailbox(staff, email, "/newsletters/unsubscribe/");
  await page.goto(unsubscribe);
  await page.getByRole("button", { name: "Unsubscribe from every newsletter" }).click();
  await expect(page.getByText("You have been unsubscribed.", { exact: false })).toBeVisible();
  await staff.context().close();
});

test("UK signup: the failure text and the errors, then success", async ({ page }) => {
  await page.goto("/newsletters/uk/");
  await page.getByLabel("Email address").fill("not-an-address");
  await page.getByRole("button", { name: "Join the UK list" }).click();
  await expect(
    page.getByText("The email address could not be added to the list. Please refresh your page and try again."),
  ).toBeVisible();
  await expect(page.getByText("Please enter a valid email address (not-an-address).")).toBeVisible();
  await page.getByLabel("Email address").fill(uniqueEmail("uk"));
  await page.getByRole("button", { name: "Join the UK list" }).click();
  await expect(page.getByText("Your email address has been added to the list.", { exact: false })).toBeVisible();
});

test.describe("phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true });

  test("newsletter: the form fits a phone, signs up, and passes axe", async ({ page }) => {
    test.setTimeout(90_000); // axe on a shared machine
    await page.goto("/newsletters/");
    await expect(page.getByLabel(/Weekly newsletter/)).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    const before = await new AxeBuilder({ page }).analyze();
    const serious = (r: typeof before) =>
      r.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(" ")) }));
    expect(serious(before)).toEqual([]);

    await page.getByLabel("Email address").fill(uniqueEmail("phone"));
    await page.getByLabel(/Weekly newsletter/).check();
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    expect(serious(await new AxeBuilder({ page }).analyze())).toEqual([]);
    await page.screenshot({ path: "test-results/phone-newsletters.png", fullPage: true });
  });
});
