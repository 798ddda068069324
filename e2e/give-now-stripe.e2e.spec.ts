import { expect, test } from "@playwright/test";
import { STRIPE_JS, standIn } from "./support/stripe-stand-in";

// Give now on a Stripe shop (issue 26 §5). The e2e server runs the test gateway and this machine has no
// network, so the page sees Stripe mode through routes: the card-form question answers `stripe`, the
// intent route answers a client secret, js.stripe.com serves a stand-in Stripe.js, and the gift's POST is
// recorded and answered. The server's side: services/src/checkout/quick-donation-stripe.api.spec.ts.

test.describe.configure({ timeout: 120_000 });
test.use({ bypassCSP: true }); // the stand-in comes from js.stripe.com, which the CSP allows only on a Stripe shop

test("spec 26.5: on a Stripe shop Give now takes the card in the Payment Element: checked form, intent, a decline shown, then only the intent's id posted", async ({
  page,
}) => {
  await page.route("https://js.stripe.com/**", (route) =>
    route.fulfill({ contentType: "application/javascript", body: STRIPE_JS }),
  );
  const intents: Array<Record<string, unknown>> = [];
  await page.route("**/api/store/shop/quick-donation/payment/", async (route) => {
    if (route.request().method() === "GET")
      return route.fulfill({ json: { metadata: { success: true, errors: [] }, card_form: "stripe" } });
    intents.push(route.request().postDataJSON());
    return route.fulfill({
      json: {
        metadata: { success: true, errors: [] },
        stripe: { publishable_key: "pk_test_e2e", client_secret: "pi_e2e_123_secret_abc" },
      },
    });
  });
  const gifts: Array<Record<string, unknown>> = [];
  await page.route("**/api/store/shop/quick-donation/", async (route) => {
    gifts.push(route.request().postDataJSON());
    return route.fulfill({
      json: { metadata: { success: true, errors: [] }, order: { number: "100999" }, redirect: "/donate/?thanks" },
    });
  });

  await page.goto("/donate/");
  const quick = page.locator(".quick-donate");
  await expect(quick.getByLabel("Name on card")).toBeVisible();
  await expect(quick.getByLabel("Card number")).toHaveCount(0); // our card fields never show on Stripe
  await quick.getByLabel("Amount ($)").fill("25");
  await quick.getByLabel("Email for your receipt").fill("noah@example.org");
  await quick.getByLabel("Name on card").fill("Noah Builder");
  await quick.getByRole("button", { name: "Continue to card" }).click();

  await expect(quick.getByText("Stripe Payment Element")).toBeVisible();
  expect(intents).toEqual([
    { fund: "Ark", amount: "25.00", email: "noah@example.org", name_on_card: "Noah Builder", monthly: "" },
  ]);
  expect(await standIn(page)).toMatchObject({ publishableKey: "pk_test_e2e", clientSecret: "pi_e2e_123_secret_abc" });

  await quick.getByRole("button", { name: "Give $25.00 now" }).click();
  await expect(quick.getByText("Your card was declined.")).toBeVisible();
  expect(gifts).toEqual([]); // a decline in the browser never reaches our server

  await quick.getByRole("button", { name: "Give $25.00 now" }).click();
  await expect(page).toHaveURL(/\/donate\/\?thanks$/);
  expect(gifts).toEqual([
    {
      fund: "Ark",
      amount: "25.00",
      email: "noah@example.org",
      name_on_card: "Noah Builder",
      monthly: "",
      payment_intent: "pi_e2e_123",
    },
  ]);
});
