import { paymentEvents } from "@shop/shared";
import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** The payment gateway's side: Stripe's signed webhooks (the gateways themselves are app wiring). */
export const payments = {
  name: "payments",
  events: [...paymentEvents],
  errorStatus: {},
  projections: [],
  webhooks: async (deps) => [(await import("./stripe-webhook-router.ts")).makeStripeWebhookRouter(deps)],
  routeDocs: async () => (await import("./stripe-webhook-route-docs.ts")).STRIPE_WEBHOOK_ROUTES,
} satisfies Feature<FeatureDeps>;
