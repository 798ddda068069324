import { expect, test } from "@playwright/test";
import { fillMembershipBuyer } from "./support/quick-checkout-form";
import { oneFormOnStripe, standIn } from "./support/stripe-stand-in";

// The membership quick checkout on a Stripe shop. The e2e server runs the test gateway and this machine
// has no network, so the page sees Stripe mode through routes (as give-now-stripe.e2e.spec.ts): the
// card-form question answers `stripe`, the intent route answers a client secret, js.stripe.com serves a
// stand-in Stripe.js, and the form's POST is recorded and answered. The server's side:
// services/src/checkout/quick-checkout-stripe.api.spec.ts.

const INDIVIDUAL = "90-8-111";
test.describe.configure({ timeout: 120_000 });
test.use({ bypassCSP: true, viewport: { width: 390, height: 844 } }); // the stand-in comes from js.stripe.com

test("the quick checkout on a Stripe shop takes the card in the Payment Element: checked form, intent, a decline shown, then only the intent's id posted", async ({
  page,
}) => {
  const { intents, posts: orders } = await oneFormOnStripe(page, "/api/store/shop/quick-checkout/", "/store/?placed");

  await page.goto(`/store/quick-checkout/${INDIVIDUAL}/`);
  await expect(page.getByRole("heading", { name: "Quick checkout", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Name on card")).toBeVisible();
  await expect(page.getByLabel("Card number")).toHaveCount(0); // our card fields never show on Stripe
  await fillMembershipBuyer(page);

  // The holder's name is checked here before Stripe is asked for anything.
  await page.getByRole("button", { name: "Continue to card" }).click();
  await expect(page.locator("#id_name_on_card_errors")).toHaveText("This field is required.");
  expect(intents).toEqual([]);
  await page.getByLabel("Name on card").fill("Noah Builder");
  await page.getByRole("button", { name: "Continue to card" }).click();

  await expect(page.getByText("Stripe Payment Element")).toBeVisible();
  expect(intents).toHaveLength(1);
  expect(intents[0]).toMatchObject({ sku: INDIVIDUAL, payment_type: "card", name_on_card: "Noah Builder" });
  expect(Object.keys(intents[0])).not.toContain("card_number");
  expect(await standIn(page)).toMatchObject({ publishableKey: "pk_test_e2e", clientSecret: "pi_e2e_123_secret_abc" });

  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Your card was declined.")).toBeVisible();
  expect(orders).toEqual([]); // a decline in the browser never reaches our server

  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/store\/\?placed$/);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({
    sku: INDIVIDUAL,
    primary_first_name: "Noah",
    name_on_card: "Noah Builder",
    payment_intent: "pi_e2e_123",
  });
  expect(Object.keys(orders[0])).not.toContain("card_number");
});
