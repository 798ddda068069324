import { expect, type Page, test } from "@playwright/test";
import { DEMO, logInNewBrowser } from "./support/staff-login";
import { placeOrderThroughApi } from "./support/orders";

// Issue 9, staff in the back office: an order placed through the API shows up in the staff order list
// of an open second browser without a reload, and staff mark it shipped from the order page.

const HARDCOVER = "10-1-202";
test.describe.configure({ timeout: 120_000 });

const placeOrder = (shopper: Page) =>
  placeOrderThroughApi(shopper, HARDCOVER, { first: "Olive", last: "Staffview", email: "olive@example.org" });

test("an order placed through the API shows up live in the staff order list, and staff mark it shipped", async ({
  browser,
}) => {
  const staff = await logInNewBrowser(browser, DEMO);
  await staff.goto("/admin/store/order/?q=staffview");
  await expect(staff.getByRole("heading", { name: "Orders" })).toBeVisible();
  const before = await staff.locator("tbody tr").count();

  const shopperContext = await browser.newContext();
  const number = await placeOrder(await shopperContext.newPage());

  // No reload: the order:changed push refetches the list.
  const link = staff.getByRole("link", { name: number, exact: true });
  await expect(link).toBeVisible({ timeout: 10_000 });
  await expect(staff.locator("tbody tr")).toHaveCount(before + 1);

  await link.click();
  await expect(staff.getByRole("heading", { name: new RegExp(number) }).first()).toBeVisible();
  await staff.getByRole("textbox", { name: "Ship with tracking number" }).fill("1Z999AA10123456784");
  await staff.getByRole("button", { name: "Mark shipped" }).click();
  await expect(staff.getByRole("status").filter({ hasText: "Marked shipped." })).toBeVisible();
  const history = staff.locator(".order-history");
  await expect(history).toContainText("Placed");
  await expect(history).toContainText("Shipped, tracking number 1Z999AA10123456784");
  await expect(staff.getByRole("button", { name: "Mark shipped" })).toHaveCount(0);

  await staff.goto("/admin/store/order/?q=staffview");
  await expect(staff.getByRole("row", { name: new RegExp(number) })).toContainText("Shipped");
  await shopperContext.close();
  await staff.context().close();
});
