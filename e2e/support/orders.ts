import { expect, type Page } from "@playwright/test";

/** A POST with the page's CSRF token that must succeed (`metadata.success`): its JSON body. */
export async function postOk(
  page: Page,
  path: string,
  data: Record<string, string | number>,
  headers: Record<string, string> = {},
) {
  const csrf = (await page.context().cookies()).find((c) => c.name === "csrftoken")?.value ?? "";
  const res = await page.request.post(path, { data, headers: { "X-CSRFToken": csrf, ...headers } });
  const body = await res.json();
  expect(body.metadata.success, JSON.stringify(body)).toBe(true);
  return body;
}

/**
 * A shopper's whole checkout of one SKU through the JSON API, shipped standard and paid with the
 * test card: the order's number. `buyer` names the billing person (first and last name).
 */
export async function placeOrderThroughApi(
  shopper: Page,
  sku: string,
  buyer: { first: string; last: string; email: string },
): Promise<string> {
  await shopper.goto("/store/cart/");
  const added = await shopper.request.get(`/api/store/shop/add-to-cart/?${sku}=1`);
  expect((await added.json()).metadata.success).toBe(true);
  const address = {
    first_name: buyer.first,
    last_name: buyer.last,
    street1: "1 Ark Way",
    street2: "",
    city: "Petersburg",
    state: "KY",
    postal_code: "41080",
    country: "US",
  };
  await postOk(shopper, "/api/store/shop/checkout/info/", { ...address, email: buyer.email, org_name: "" });
  const ship = Object.fromEntries(Object.entries(address).map(([k, v]) => [`ship_${k}`, v]));
  await postOk(shopper, "/api/store/shop/checkout/delivery/", { ...ship, digital_email: buyer.email });
  await postOk(shopper, "/api/store/shop/checkout/shipping/", { shipping_method: "standard" });
  const paid = await postOk(
    shopper,
    "/api/store/shop/checkout/payment/",
    {
      payment_type: "card",
      card_number: "4242424242424242",
      exp_month: "12",
      exp_year: String(new Date().getFullYear() + 2),
      cvv: "123",
      name_on_card: `${buyer.first} ${buyer.last}`,
    },
    { "Idempotency-Key": crypto.randomUUID() },
  );
  return String(paid.order.number);
}
