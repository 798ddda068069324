import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import { PaymentNotConfiguredError } from "@shop/shared";
import type { Config } from "../platform/config.ts";
import type { PaymentGateway } from "./payment-gateway.ts";
import { createStripeGateway } from "./stripe-gateway.ts";
import { createTestGateway } from "./test-gateway.ts";

/** The gateway's name when the shop has none (PostgreSQL without PAYMENT_GATEWAY): cards are refused. */
export const NO_CARD_GATEWAY = "none";

/** Whether card payments can be taken (a gateway is set); checks and free orders need none. */
export const takesCards = (gateway: PaymentGateway): boolean => gateway.name !== NO_CARD_GATEWAY;

/**
 * No card gateway: every card payment is refused with PAYMENT_NOT_CONFIGURED. Checkout refuses a card
 * before it takes stock; this refusal is the backstop. Nothing was ever charged through it, so a
 * refund or capture has nothing to act on.
 */
export function createNoCardGateway(): PaymentGateway {
  const refuse = async (): Promise<never> => {
    throw new PaymentNotConfiguredError();
  };
  return { name: NO_CARD_GATEWAY, authorise: refuse, capture: refuse, refund: refuse, void: async () => {} };
}

/**
 * PAYMENT_GATEWAY: Stripe with its keys (the config refuses Stripe without them), the test gateway, or
 * none. The test gateway keeps its ledger in `ledger` (the server's database) when given.
 */
export function paymentGatewayFor(config: Config, ledger?: Kysely<Database>): PaymentGateway {
  if (config.PAYMENT_GATEWAY === "stripe" && config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY)
    return createStripeGateway({
      secretKey: config.STRIPE_SECRET_KEY,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY,
      baseUrl: config.STRIPE_API_BASE,
    });
  if (config.PAYMENT_GATEWAY === "none") return createNoCardGateway();
  return createTestGateway(ledger);
}

/** The start-up banner's line on card payments: an operator must see test mode, or cards off, at a glance. */
export function paymentsBannerLine(config: Pick<Config, "PAYMENT_GATEWAY" | "STRIPE_SECRET_KEY">): string {
  switch (config.PAYMENT_GATEWAY) {
    case "stripe":
      return `Stripe (${config.STRIPE_SECRET_KEY?.includes("_live_") ? "live" : "test"} keys)`;
    case "test":
      return "TEST MODE: built-in test cards, no money moves, orders flagged test (PAYMENT_GATEWAY=test)";
    case "none":
      return "cards OFF (no PAYMENT_GATEWAY): set PAYMENT_GATEWAY=stripe and its keys, or =test for test cards; checks work";
  }
}
