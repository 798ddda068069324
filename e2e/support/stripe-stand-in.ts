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
