export * from "./api.ts";
export * from "./events.ts";
export * from "./errors.ts";
export * from "./shipping-rate-api.ts";
export * from "./quick-checkout.ts";
export * from "./quick-checkout-events.ts";
export * from "./payment-attempt-events.ts";
export * from "./quick-donation.ts";
