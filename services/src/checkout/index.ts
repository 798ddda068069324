import {
  paymentAttemptEvents,
  checkoutEvents,
  quickCheckoutEvents,
  shippingRateEvents,
  type CheckoutErrorCode,
} from "@shop/shared";
import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** The four-step and the quick checkout, and the shipping rates they charge. */
export const checkout = {
  name: "checkout",
  events: [...checkoutEvents, ...quickCheckoutEvents, ...shippingRateEvents, ...paymentAttemptEvents],
  errorStatus: {
    CHECKOUT_INVALID: 400,
    CHECKOUT_INVALID_STEP: 400,
    CHECKOUT_CART_CHANGED: 409,
    CHECKOUT_IN_PROGRESS: 409,
    PAYMENT_DECLINED: 402,
    PAYMENT_UNAVAILABLE: 502,
    PAYMENT_NOT_CONFIGURED: 400,
    PAYMENT_THROTTLED: 429,
    ORDER_SOLD_OUT: 409,
    DISCOUNT_USED_UP: 409,
    ORDER_NOT_FOUND: 404,
  } satisfies Record<CheckoutErrorCode, number>,
  projections: [],
  routers: async (deps) => {
    const [{ makeCheckoutRouter }, { makeQuickCheckoutRouter }, { makeShippingRatesRouter }, { orderNumbersFrom }] =
      await Promise.all([
        import("./checkout-router.ts"),
        import("./quick-checkout-router.ts"),
        import("./shipping-rates-router.ts"),
        import("../orders/order-number.ts"),
      ]);
    const nextOrderNumber = orderNumbersFrom(deps.db);
    return [
      makeCheckoutRouter({ ...deps, nextOrderNumber }),
      makeQuickCheckoutRouter({ ...deps, nextOrderNumber }),
      makeShippingRatesRouter(deps),
    ];
  },
  routeDocs: async () => {
    const [{ CHECKOUT_ROUTES }, { QUICK_CHECKOUT_ROUTES }, { SHIPPING_RATE_ROUTES }] = await Promise.all([
      import("./checkout-route-docs.ts"),
      import("./quick-checkout-route-docs.ts"),
      import("./shipping-rate-route-docs.ts"),
    ]);
    return [...CHECKOUT_ROUTES, ...QUICK_CHECKOUT_ROUTES, ...SHIPPING_RATE_ROUTES];
  },
} satisfies Feature<FeatureDeps>;
