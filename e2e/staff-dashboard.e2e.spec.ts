import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type Page, test } from "@playwright/test";
import { placeOrderThroughApi } from "./support/orders";
import { DEMO, logIn } from "./support/staff-login";

// Issue 26 point 10: the staff dashboard's sales and donation figures, live, with a CSV download; the
// order page in the site's time zone with discount lines, both addresses and a headed lines table.

const HARDCOVER = "10-1-202";
const SIZES = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];
test.describe.configure({ timeout: 120_000 });

async function staffAt(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext({ viewport, acceptDownloads: true })).newPage();
  await logIn(page, DEMO);
  return page;
}

/** A figure of the "Today" tiles, as the page shows it. */
const todays = (page: Page, term: string) =>
  page
    .getByRole("region", { name: /^Today/ })
    .locator("dl > div", { hasText: term })
    .locator("dd");

async function seriousAxeFindings(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
}

for (const size of SIZES) {
  test(`spec 26.10: the dashboard shows the figures, updates live after an order elsewhere, and downloads a CSV (${size.name})`, async ({
    browser,
  }) => {
    const staff = await staffAt(browser, size.viewport);
    await expect(staff.getByRole("heading", { name: "Sales and donations" })).toBeVisible();
    await expect(todays(staff, "Orders")).toHaveText(/^\d+$/);
    const before = Number(await todays(staff, "Orders").textContent());

    const shopper = await browser.newContext();
    const buyer = { first: "Dana", last: `Dash${size.name}`, email: `dash-${size.name}@example.org` };
    await placeOrderThroughApi(await shopper.newPage(), HARDCOVER, buyer);
    await shopper.close();

    // No reload: the dashboard:changed push refetches the figures.
    await expect(todays(staff, "Orders")).toHaveText(String(before + 1), { timeout: 10_000 });
    await expect(todays(staff, "Received")).not.toHaveText("$0.00");
    const top = staff.getByRole("table", { name: "Top products this month" });
    await expect(top.getByRole("columnheader", { name: "Sold" })).toBeVisible();
    await expect(top.locator("tbody tr").first()).toContainText(HARDCOVER);
    await expect(staff.getByRole("table", { name: "Donations per campaign" })).toBeVisible();
    await expect(staff.locator(".sales-chart canvas").first()).toBeVisible();

    // A phone never scrolls sideways.
    const overflow = await staff.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousAxeFindings(staff)).toEqual([]);
    await staff.screenshot({ path: `/tmp/shots-dashboard/dashboard-${size.name}.png`, fullPage: true });
    await staff.locator(".sales").screenshot({ path: `/tmp/shots-dashboard/dashboard-${size.name}-figures.png` });

    const [download] = await Promise.all([
      staff.waitForEvent("download"),
      staff.getByRole("button", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^dashboard-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, "utf8");
    const lines = csv.split("\r\n");
    expect(lines[0]).toMatch(
      /^Figures \(America\/New_York\),Orders,Received,Donations,Refunds,Refunded,Giveaway joins$/,
    );
    expect(lines[1]).toMatch(new RegExp(`^Today \\d{4}-\\d{2}-\\d{2},${before + 1},`));
    expect(csv).toContain(`${HARDCOVER},`);
    await staff.context().close();
  });
}

test("spec 26.10: the order page shows site-zone times, the discount line, both addresses and a headed lines table", async ({
  browser,
}) => {
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto("/store/cart/");
  await shopper.request.get(`/api/store/shop/add-to-cart/?${HARDCOVER}=1`);
  await shopper.request.get('/api/store/shop/apply-discounts/?discounts=["FIVEOFF"]');
  const number = await placeOrderThroughApi(shopper, HARDCOVER, {
    first: "Otto",
    last: "Orderpage",
    email: "otto@example.org",
  });
  await shopper.context().close();

  for (const size of SIZES) {
    const staff = await staffAt(browser, size.viewport);
    const record = await (await staff.request.get(`/admin/api/store/order/${number}/`)).json();
    await staff.goto("/admin/store/order/?q=orderpage");
    await staff.getByRole("link", { name: number, exact: true }).click();

    const lines = staff.getByRole("table", { name: "Lines" });
    await expect(lines.locator('thead th[scope="col"]')).toHaveText(["SKU", "Item", "Quantity", "Unit price", "Total"]);
    await expect(lines.getByRole("row", { name: /Discount FIVEOFF/ })).toContainText("−$5.00");
    await expect(lines.getByRole("row", { name: /^Total/ })).toContainText(`$${record.order.total}`);
    await expect(staff.getByRole("region", { name: "Billing address" })).toContainText("Otto Orderpage");
    await expect(staff.getByRole("region", { name: "Billing address" })).toContainText("otto@example.org");
    await expect(staff.getByRole("region", { name: "Shipping address" })).toContainText("1 Ark Way");

    // Placed, in the site's zone (New York), not the UTC the server sends.
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-CA", {
        timeZone: "America/New_York",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      })
        .formatToParts(new Date(record.placed_at))
        .map((p) => [p.type, p.value]),
    );
    await expect(staff.locator('output[data-field="placed_at"]')).toHaveText(
      `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`,
    );
    await expect(staff.locator(".order-history time").first()).toHaveText(/E[SD]T$/);
    await expect(staff.getByText("Times on this page are Eastern Time (America/New_York).")).toBeVisible();

    const overflow = await staff.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousAxeFindings(staff)).toEqual([]);
    await staff.screenshot({ path: `/tmp/shots-dashboard/order-${size.name}.png`, fullPage: true });
    await staff.context().close();
  }
});
