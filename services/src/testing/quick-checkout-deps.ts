// For the specs that call the one-form checkouts' services directly (crash, give-back, round trips).
import type { Kysely } from "kysely";
import type { EventStore } from "@shop/shared";
import { loadSkusForCart, type Database } from "@shop/projections";
import type { QuickCheckoutDeps } from "../checkout/quick-checkout-service.ts";
import { orderNumbersFrom } from "../orders/order-number.ts";
import { createCardAttemptThrottle } from "../payments/card-attempts.ts";
import type { PaymentGateway } from "../payments/payment-gateway.ts";
import { createTestGateway } from "../payments/test-gateway.ts";
import { TEST_SITE_URL } from "./test-server.ts";

/** What a server gives its quick checkout and give-now, on `db` and `store` (a test gateway on `db`'s ledger unless given). */
export function quickCheckoutDeps(
  db: Kysely<Database>,
  store: EventStore,
  gateway: PaymentGateway = createTestGateway(db),
): QuickCheckoutDeps {
  return {
    store,
    db,
    gateway,
    clock: () => new Date(),
    nextOrderNumber: orderNumbersFrom(db),
    cardAttempts: createCardAttemptThrottle(),
    loadSkus: (codes: readonly string[]) => loadSkusForCart(db, [...codes]),
    siteUrl: TEST_SITE_URL,
  };
}
