import { expect, type Page, test } from "@playwright/test";
import { DEMO, logInNewBrowser } from "./support/staff-login";

// Issue 9, staff in the back office: an order placed through the API shows up in the staff order list
// of an open second browser without a reload, and staff mark it shipped from the order page.

const HARDCOVER = "10-1-202";
test.describe.configure({ timeout: 120_000 });

async function post(page: Page, path: string, data: Record<string, string>, headers: Record<string, string> = {}) {
  const csrf = (await page.context().cookies()).find((c) => c.name === "csrftoken")?.value ?? "";
  const res = await page.request.post(path, { data, headers: { "X-CSRFToken": csrf, ...headers } });
  const body = await res.json();
  expect(body.metadata.success, JSON.stringify(body)).toBe(true);
  return body;
}

/** A shopper's whole checkout through the JSON API, paid with the test card: the order's number. */
async function placeOrder(shopper: Page): Promise<string> {
  await shopper.goto("/store/cart/");
  const added = await shopper.request.get(`/api/store/shop/add-to-cart/?${HARDCOVER}=1`);
  expect((await added.json()).metadata.success).toBe(true);
  const address = {
    first_name: "Olive",
    last_name: "Staffview",
    street1: "1 Ark Way",
    street2: "",
    city: "Petersburg",
    state: "KY",
    postal_code: "41080",
    country: "US",
  };
  await post(shopper, "/api/store/shop/checkout/info/", { ...address, email: "olive@example.org", org_name: "" });
  const ship = Object.fromEntries(Object.entries(address).map(([k, v]) => [`ship_${k}`, v]));
  await post(shopper, "/api/store/shop/checkout/delivery/", { ...ship, digital_email: "olive@example.org" });
  await post(shopper, "/api/store/shop/checkout/shipping/", { shipping_method: "standard" });
  const paid = await post(
    shopper,
    "/api/store/shop/checkout/payment/",
    {
      payment_type: "card",
      card_number: "4242424242424242",
      exp_month: "12",
      exp_year: String(new Date().getFullYear() + 2),
      cvv: "123",
      name_on_card: "Olive Staffview",
    },
    { "Idempotency-Key": crypto.randomUUID() },
  );
  return String(paid.order.number);
}

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
