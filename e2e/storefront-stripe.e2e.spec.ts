import { expect, type Page, test } from "@playwright/test";
import { STRIPE_JS, standIn } from "./support/stripe-stand-in";

// The payment step's browser side in Stripe mode (issue 9, payment). The e2e server runs the test
// gateway and this machine has no network, so the page sees Stripe mode through routes: the payment
// summary gains `stripe` (as the server answers with PAYMENT_GATEWAY=stripe), js.stripe.com serves a
// stand-in Stripe.js that records what the page asks of it, and the POST is answered by the route.
// The server's side (the PaymentIntent checked before the order) is services/src/checkout/stripe-checkout.api.spec.ts.

test.describe.configure({ timeout: 120_000 });
// The stand-in Stripe.js comes from js.stripe.com, which the CSP allows only on a Stripe server.
test.use({ bypassCSP: true });

const EBOOK = "90-3-201";
async function toPaymentStep(page: Page) {
  expect((await (await page.request.get(`/api/store/shop/add-to-cart/?${EBOOK}=1`)).json()).metadata.success).toBe(
    true,
  );
  await page.goto("/store/checkout/");
  await page.getByLabel("First name").fill("Noah");
  await page.getByLabel("Last name").fill("Builder");
  await page.getByRole("textbox", { name: "Street address", exact: true }).fill("1 Ark Way");
  await page.getByLabel("City").fill("Petersburg");
  await page.getByLabel("State").selectOption("KY");
  await page.getByLabel("Postal code").fill("41080");
  await page.getByLabel("Email").fill("noah@example.org");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

test("Stripe mode: the Payment Element replaces the card fields, a decline shows, then only the PaymentIntent id is posted", async ({
  page,
}) => {
  const stripeScripts: string[] = [];
  await page.route("https://js.stripe.com/**", (route) => {
    stripeScripts.push(route.request().url());
    return route.fulfill({ contentType: "application/javascript", body: STRIPE_JS });
  });
  const posts: Array<Record<string, unknown>> = [];
  await page.route("**/api/store/shop/checkout/payment/**", async (route) => {
    if (route.request().method() === "POST") {
      posts.push(route.request().postDataJSON());
      return route.fulfill({
        json: { metadata: { success: true, errors: [] }, order: { number: "100999" }, redirect: "/store/cart/" },
      });
    }
    const response = await route.fetch();
    const json = await response.json();
    return route.fulfill({
      response,
      json: { ...json, stripe: { publishable_key: "pk_test_e2e", client_secret: "pi_e2e_123_secret_abc" } },
    });
  });
  await toPaymentStep(page);

  await expect(page.getByText("Stripe Payment Element")).toBeVisible();
  await expect(page.getByLabel("Card number")).toHaveCount(0);
  expect(stripeScripts).toEqual(["https://js.stripe.com/v3/"]);
  expect(await standIn(page)).toMatchObject({
    publishableKey: "pk_test_e2e",
    clientSecret: "pi_e2e_123_secret_abc",
    element: "payment",
  });

  await page.getByRole("button", { name: "Submit Order" }).click();
  await expect(page.getByText("Your card was declined.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit Order" })).toBeEnabled();
  expect(posts).toEqual([]); // a decline in the browser never reaches our server
  expect(await standIn(page)).toMatchObject({ confirms: 1, redirect: "if_required" });

  await page.getByRole("button", { name: "Submit Order" }).click();
  await expect(page).toHaveURL(/\/store\/cart\/$/);
  expect(posts).toEqual([{ payment_type: "card", payment_intent: "pi_e2e_123" }]);
});
