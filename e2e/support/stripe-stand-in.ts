import type { Page } from "@playwright/test";

// A stand-in for Stripe.js (this machine has no network): served for https://js.stripe.com/v3/ by a
// page route, it records what the page asks of it; the first confirmPayment is declined, the next paid.
export type StandIn = {
  publishableKey?: string;
  clientSecret?: string;
  element?: string;
  redirect?: string;
  confirms: number;
};
export const standIn = (page: Page) => page.evaluate(() => (window as Window & { __stripe?: StandIn }).__stripe);
export const STRIPE_JS = `
window.__stripe = { confirms: 0 };
window.Stripe = function (publishableKey) {
  window.__stripe.publishableKey = publishableKey;
  return {
    elements: function (options) {
      window.__stripe.clientSecret = options.clientSecret;
      return {
        create: function (type) {
          window.__stripe.element = type;
          return {
            mount: function (target) {
              var frame = document.createElement("p");
              frame.textContent = "Stripe Payment Element";
              target.appendChild(frame);
            },
            destroy: function () {},
          };
        },
        submit: function () { return Promise.resolve({}); },
      };
    },
    confirmPayment: function (options) {
      window.__stripe.confirms += 1;
      window.__stripe.redirect = options.redirect;
      return Promise.resolve(
        window.__stripe.confirms === 1
          ? { error: { type: "card_error", code: "card_declined", message: "Your card was declined." } }
          : { paymentIntent: { id: "pi_e2e_123", status: "requires_capture" } },
      );
    },
  };
};`;

/**
 * A one-form page (`form`: its POST route, e.g. "/api/store/shop/quick-donation/") seen in Stripe mode
 * through routes, since the e2e server runs the test gateway: `…/payment/` answers `stripe` to the
 * card-form question and a client secret to the intent's POST, js.stripe.com serves the stand-in, and
 * the form's POST is recorded and answered with order 100999 and `redirect`. Returns what was posted.
 */
export async function oneFormOnStripe(page: Page, form: string, redirect: string) {
  await page.route("https://js.stripe.com/**", (route) =>
    route.fulfill({ contentType: "application/javascript", body: STRIPE_JS }),
  );
  const intents: Array<Record<string, unknown>> = [];
  await page.route(`**${form}payment/`, async (route) => {
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
  const posts: Array<Record<string, unknown>> = [];
  await page.route(`**${form}`, async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    posts.push(route.request().postDataJSON());
    return route.fulfill({ json: { metadata: { success: true, errors: [] }, order: { number: "100999" }, redirect } });
  });
  return { intents, posts };
}
