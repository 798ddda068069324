import {
  CheckoutDeliveryRequest,
  CheckoutInfoRequest,
  CheckoutPaymentAnswer,
  CheckoutPaymentRequest,
  CheckoutPlacedAnswer,
  CheckoutShippingAnswer,
  CheckoutShippingRequest,
  CheckoutStateAnswer,
  CheckoutStepAnswer,
  CheckoutSummaryAnswer,
  OrderAnswer,
  OrderHistoryAnswer,
} from "@shop/shared";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";

const C = "/api/store/shop/checkout/";
const FORM = "form-urlencoded or JSON; field errors as 'field: message' lines, out of order '__all__: Invalid step'";

/** What paying can refuse, in both checkouts (the four-step one's payment step and the quick checkout). */
export const PAYMENT_REFUSALS = [
  "CHECKOUT_INVALID",
  "CHECKOUT_IN_PROGRESS",
  "CHECKOUT_CART_CHANGED",
  "PAYMENT_DECLINED",
  "PAYMENT_UNAVAILABLE",
  "PAYMENT_NOT_CONFIGURED",
  "PAYMENT_THROTTLED",
  "ORDER_SOLD_OUT",
  "DISCOUNT_USED_UP",
] as const;

/** The checkout and order routes for /api/openapi.json (checkout-router.ts, orders/orders-router.ts). */
export const CHECKOUT_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: C,
    summary: "Where the checkout stands: the furthest step open now and the values given",
    answer: CheckoutStateAnswer,
  },
  {
    method: "GET",
    path: `${C}summary/`,
    refusals: ["CHECKOUT_INVALID_STEP"],
    summary:
      "The order beside every step: lines, discounts, subtotal, shipping (null until chosen for this cart), tax and total",
    answer: CheckoutSummaryAnswer,
  },
  {
    method: "POST",
    path: `${C}info/`,
    refusals: ["CHECKOUT_INVALID", "CHECKOUT_INVALID_STEP"],
    summary: `Step 1, billing (${FORM}); answers step 2; save_address=on adds a typed address to a signed-in shopper's book`,
    body: CheckoutInfoRequest,
    answer: CheckoutStepAnswer,
  },
  {
    method: "POST",
    path: `${C}delivery/`,
    refusals: ["CHECKOUT_INVALID_STEP", "CHECKOUT_INVALID"],
    summary: `Step 2, ship_* fields and digital_email (${FORM}); answers step 3, or 4 when nothing ships; save_address=on adds the typed ship_* address to a signed-in shopper's book`,
    body: CheckoutDeliveryRequest,
    answer: CheckoutStepAnswer,
  },
  {
    method: "GET",
    path: `${C}shipping/`,
    refusals: ["CHECKOUT_INVALID_STEP", "CHECKOUT_CART_CHANGED"],
    summary: "Step 3: shipping_options, the methods as radio inputs with prices",
    answer: CheckoutShippingAnswer,
  },
  {
    method: "POST",
    path: `${C}shipping/`,
    refusals: ["CHECKOUT_INVALID_STEP", "CHECKOUT_INVALID"],
    summary: "Step 3, shipping_method; answers step 4",
    body: CheckoutShippingRequest,
    answer: CheckoutStepAnswer,
  },
  {
    method: "GET",
    path: `${C}payment/`,
    refusals: ["CHECKOUT_INVALID_STEP", "CHECKOUT_CART_CHANGED"],
    summary:
      "Step 4: order_summary (lines, discounts, shipping, total) and the payment types (no card without a card gateway); with Stripe, stripe.publishable_key and the PaymentIntent's client_secret",
    answer: CheckoutPaymentAnswer,
  },
  {
    method: "POST",
    path: `${C}payment/`,
    refusals: ["CHECKOUT_INVALID_STEP", ...PAYMENT_REFUSALS],
    summary:
      "Place the order (Idempotency-Key header): a repeated submit answers the same order; declined 402, sold out 409, gateway down 502; " +
      "a card without a card gateway 400 PAYMENT_NOT_CONFIGURED; too many declined cards (per checkout, address, card) 429 PAYMENT_THROTTLED with Retry-After; " +
      "with Stripe, payment_intent (checked with Stripe) instead of the card fields",
    body: CheckoutPaymentRequest,
    answer: CheckoutPlacedAnswer,
  },
  {
    method: "GET",
    path: "/api/store/shop/orders/:number/",
    refusals: ["ORDER_NOT_FOUND"],
    summary: "One order, for its buyer (account or the browser that placed it)",
    answer: OrderAnswer,
  },
  {
    method: "GET",
    path: "/api/account/orders/",
    signedIn: true,
    // After a payment (its `written` cookie) it waits for the order; 503 when the read model does not show it in time.
    refusals: ["NOT_VISIBLE_YET"],
    summary: "The signed-in shopper's orders, newest first",
    answer: OrderHistoryAnswer,
  },
];
