import { expect, type Page, test } from "@playwright/test";
import { DEMO, logInNewBrowser } from "./support/staff-login";

// Issue 9, after the sale: the shopper's order page shows what staff did (shipped with the tracking
// number, a partial refund with its amount).

const HARDCOVER = "10-1-202";
test.describe.configure({ timeout: 120_000 });

async function post(page: Page, path: string, data: Record<string, string | number>, headers = {}) {
  const csrf = (await page.context().cookies()).find((c) => c.name === "csrftoken")?.value ?? "";
  const res = await page.request.post(path, { data, headers: { "X-CSRFToken": csrf, ...headers } });
  const body = await res.json();
  expect(body.metadata.success, JSON.stringify(body)).toBe(true);
  return body;
}

async function placeOrder(shopper: Page): Promise<string> {
  await shopper.goto("/store/cart/");
  const added = await shopper.request.get(`/api/store/shop/add-to-cart/?${HARDCOVER}=1`);
  expect((await added.json()).metadata.success).toBe(true);
  const address = {
    first_name: "Ada",
    last_name: "Aftersale",
    street1: "1 Ark Way",
    street2: "",
    city: "Petersburg",
    state: "KY",
    postal_code: "41080",
    country: "US",
  };
  await post(shopper, "/api/store/shop/checkout/info/", { ...address, email: "ada@example.org", org_name: "" });
  const ship = Object.fromEntries(Object.entries(address).map(([k, v]) => [`ship_${k}`, v]));
  await post(shopper, "/api/store/shop/checkout/delivery/", { ...ship, digital_email: "ada@example.org" });
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
      name_on_card: "Ada Aftersale",
    },
    { "Idempotency-Key": crypto.randomUUID() },
  );
  return String(paid.order.number);
}

test("the shopper's order page shows shipped with the tracking number, then the partial refund", async ({
  browser,
}) => {
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  const number = await placeOrder(shopper);
  const staff = await logInNewBrowser(browser, DEMO);
  const base = `/admin/api/store/order/${number}/`;
  await staff.goto("/admin/store/order/");
  await post(staff, `${base}ship/`, { tracking_number: "1ZAFTER1", expected_version: 0 });

  await shopper.goto(`/store/checkout/complete/${number}/`);
  const status = shopper.getByRole("list", { name: "Order status" });
  await expect(status).toContainText("Shipped, tracking number 1ZAFTER1");

  await post(staff, `${base}refund/`, { amount_cents: 500, reason: "scuffed", expected_version: 1 });
  await shopper.reload();
  await expect(status).toContainText(/Refunded \$5\.00 of \$\d+\.\d\d/);
  await shopperContext.close();
  await staff.context().close();
});
