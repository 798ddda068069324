import type { Config } from "../platform/config.ts";
import type { PaymentGateway } from "./payment-gateway.ts";
import { createStripeGateway } from "./stripe-gateway.ts";
import { createTestGateway } from "./test-gateway.ts";

/** PAYMENT_GATEWAY: the test gateway, or Stripe with its keys (the config refuses Stripe without them). */
export function paymentGatewayFor(config: Config): PaymentGateway {
  if (config.PAYMENT_GATEWAY === "stripe" && config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY)
    return createStripeGateway({
      secretKey: config.STRIPE_SECRET_KEY,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY,
      baseUrl: config.STRIPE_API_BASE,
    });
  return createTestGateway();
}
