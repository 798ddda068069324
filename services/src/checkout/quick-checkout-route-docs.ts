import {
  CheckoutPlacedAnswer,
  QuickCheckoutItemAnswer,
  QuickCardFormAnswer,
  QuickCheckoutItemQuery,
  QuickCheckoutPaymentAnswer,
  QuickCheckoutRequest,
  QuickDonationCardFormAnswer,
  QuickDonationPaymentAnswer,
  QuickDonationRequest,
} from "@shop/shared";
import { PAYMENT_REFUSALS } from "./checkout-route-docs.ts";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";

/** The quick checkout's route for /api/openapi.json (quick-checkout-router.ts). */
export const QUICK_CHECKOUT_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/api/store/shop/quick-checkout/",
    refusals: ["CHECKOUT_INVALID"],
    summary: "The membership a quick checkout buys: title, format, price and its passholder variant; not one 400",
    query: QuickCheckoutItemQuery,
    answer: QuickCheckoutItemAnswer,
  },
  {
    method: "POST",
    path: "/api/store/shop/quick-checkout/",
    refusals: PAYMENT_REFUSALS,
    summary:
      "Buy one membership in one form (form-urlencoded or JSON, Idempotency-Key header): billing, ship_to " +
      "('billing', an address-book id or 'new' with ship_*), passholders, payment; field errors as 'field: message' " +
      "lines under 'Please correct the errors in this form before proceeding to checkout.'; declined 402; " +
      "a card without a card gateway 400 PAYMENT_NOT_CONFIGURED; too many declined cards 429 PAYMENT_THROTTLED with Retry-After; " +
      "with Stripe, payment_intent (the PaymentIntent of …/quick-checkout/payment/, confirmed in the browser) " +
      "instead of the card fields (name_on_card still asked), and typed card fields 400 PAYMENT_NOT_CONFIGURED",
    body: QuickCheckoutRequest,
    answer: CheckoutPlacedAnswer,
  },
  {
    method: "GET",
    path: "/api/store/shop/quick-checkout/payment/",
    summary:
      "How the membership form takes the card: card_form 'fields' (its own card fields) or 'stripe' (Stripe's " +
      "Payment Element, with the PaymentIntent of the POST below)",
    answer: QuickCardFormAnswer,
  },
  {
    method: "POST",
    path: "/api/store/shop/quick-checkout/payment/",
    refusals: ["CHECKOUT_INVALID", "PAYMENT_NOT_CONFIGURED", "PAYMENT_UNAVAILABLE"],
    summary:
      "Stripe mode: the form checked as the membership's POST checks it (but the card), then the publishable " +
      "key and client_secret of the PaymentIntent the Payment Element confirms: one per Idempotency-Key " +
      "(required), round (a failed attempt starts another) and amount; payment_type must be card; nothing " +
      "written; 400 PAYMENT_NOT_CONFIGURED without Stripe",
    body: QuickCheckoutRequest,
    answer: QuickCheckoutPaymentAnswer,
  },
  {
    method: "POST",
    path: "/api/store/shop/quick-donation/",
    refusals: PAYMENT_REFUSALS,
    summary:
      "Give to one fund in one form (issue 26 §5; form-urlencoded or JSON, Idempotency-Key header): fund (a " +
      "donation SKU code), amount in dollars (cents kept, $1.00 or more), email, org_name, and the card; one " +
      "order with one donation line. Field errors as 'field: message' lines under 'Please correct the errors in " +
      "this form before proceeding to checkout.'; declined 402; no card gateway 400 PAYMENT_NOT_CONFIGURED; " +
      "with Stripe, payment_intent (the PaymentIntent of …/quick-donation/payment/, confirmed in the browser) " +
      "instead of the card fields (name_on_card still names the giver)",
    body: QuickDonationRequest,
    answer: CheckoutPlacedAnswer,
  },
  {
    method: "GET",
    path: "/api/store/shop/quick-donation/payment/",
    summary:
      "How the Give now form takes the card: card_form 'fields' (its own card fields) or 'stripe' (Stripe's " +
      "Payment Element, with the PaymentIntent of the POST below)",
    answer: QuickDonationCardFormAnswer,
  },
  {
    method: "POST",
    path: "/api/store/shop/quick-donation/payment/",
    refusals: ["CHECKOUT_INVALID", "PAYMENT_NOT_CONFIGURED", "PAYMENT_UNAVAILABLE"],
    summary:
      "Stripe mode: the form checked as the gift's POST checks it (but payment_intent), then the publishable " +
      "key and client_secret of the PaymentIntent the Payment Element confirms: one per Idempotency-Key " +
      "(required), round (a failed attempt starts another), amount and monthly choice (monthly keeps the card: " +
      "setup_future_usage=off_session); nothing written; 400 PAYMENT_NOT_CONFIGURED without Stripe",
    body: QuickDonationRequest,
    answer: QuickDonationPaymentAnswer,
  },
];
