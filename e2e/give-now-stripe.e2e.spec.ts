import { expect, test } from "@playwright/test";
import { oneFormOnStripe, standIn } from "./support/stripe-stand-in";

// Give now on a Stripe shop (issue 26 §5). The e2e server runs the test gateway and this machine has no
// network, so the page sees Stripe mode through routes: the card-form question answers `stripe`, the
// intent route answers a client secret, js.stripe.com serves a stand-in Stripe.js, and the gift's POST is
// recorded and answered. The server's side: services/src/checkout/quick-donation-stripe.api.spec.ts.

test.describe.configure({ timeout: 120_000 });
test.use({ bypassCSP: true }); // the stand-in comes from js.stripe.com, which the CSP allows only on a Stripe shop

test("spec 26.5: on a Stripe shop Give now takes the card in the Payment Element: checked form, intent, a decline shown, then only the intent's id posted", async ({
  page,
}) => {
  const { intents, posts: gifts } = await oneFormOnStripe(page, "/api/store/shop/quick-donation/", "/donate/?thanks");

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
