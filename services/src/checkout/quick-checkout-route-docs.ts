import {
  CheckoutPlacedAnswer,
  QuickCheckoutItemAnswer,
  QuickCheckoutItemQuery,
  QuickCheckoutRequest,
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
      "a card without a card gateway 400 PAYMENT_NOT_CONFIGURED; too many declined cards 429 PAYMENT_THROTTLED with Retry-After",
    body: QuickCheckoutRequest,
    answer: CheckoutPlacedAnswer,
  },
  {
    method: "POST",
    path: "/api/store/shop/quick-donation/",
    refusals: PAYMENT_REFUSALS,
    summary:
      "Give to one fund in one form (issue 26 §5; form-urlencoded or JSON, Idempotency-Key header): fund (a " +
      "donation SKU code), amount in dollars (cents kept, $1.00 or more), email, org_name, and the card; one " +
      "order with one donation line. Field errors as 'field: message' lines under 'Please correct the errors in " +
      "this form before proceeding to checkout.'; declined 402; no card gateway 400 PAYMENT_NOT_CONFIGURED",
    body: QuickDonationRequest,
    answer: CheckoutPlacedAnswer,
  },
];
