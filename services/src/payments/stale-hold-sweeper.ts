import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import { orderNumberForPayment } from "../orders/gateway-events.ts";
import { startLeaderSweeper, type Sweeper } from "../platform/leader-sweeper.ts";
import type { Logger } from "../platform/logger.ts";
import type { PaymentGateway } from "./payment-gateway.ts";

/**
 * A hold this old was never posted: a card payment is captured (or given back) within the request that
 * posts it, or by the payment reactor 30 s after its process died, and a browser coming back from a
 * bank's check (3-D Secure) does so in minutes. Stripe itself cancels an uncaptured hold after 7 days.
 */
export const STALE_HOLD_MS = 60 * 60_000;
/**
 * How far back past STALE_HOLD_MS each sweep lists: a day, so every hold gets many sweeps (one every 10
 * minutes) while a sweep reads a day's intents, not Stripe's whole 7 days of holds.
 */
const LOOK_BACK_MS = 24 * 60 * 60_000;

export interface StaleHoldDeps {
  db: Kysely<Database>;
  gateway: PaymentGateway;
  clock: () => Date;
  log: Pick<Logger, "error" | "info">;
}

/** The shop's uncaptured holds older than STALE_HOLD_MS that no order names (the orders read model). */
export async function findStaleHolds(deps: StaleHoldDeps): Promise<string[]> {
  if (!deps.gateway.uncapturedHolds) return [];
  const now = deps.clock().getTime();
  const holds = await deps.gateway.uncapturedHolds({
    after: new Date(now - STALE_HOLD_MS - LOOK_BACK_MS),
    before: new Date(now - STALE_HOLD_MS),
  });
  const stale: string[] = [];
  // An order's card is captured when it is placed, so an order naming a hold is not expected; if one
  // does, its hold is staff's to look at (`ops reconcile`), never given back by a sweep.
  for (const reference of holds) if (!(await orderNumberForPayment(deps.db, reference))) stale.push(reference);
  return stale;
}

/**
 * The leader's sweep that gives back holds nobody posted (docs/checkout.md, "Stripe"): a shopper who
 * confirmed the card in Stripe's Payment Element and closed the tab before the form was posted would
 * otherwise see the amount held on their card for 7 days. Every 10 minutes by default; one process
 * across the cluster (the projection leader). Cancelling is idempotent at Stripe.
 */
export function startStaleHoldSweeper(deps: StaleHoldDeps & { isLeader: () => boolean; intervalMs?: number }): Sweeper {
  return startLeaderSweeper({
    what: "stale hold release",
    isLeader: deps.isLeader,
    log: deps.log,
    intervalMs: deps.intervalMs ?? 10 * 60_000,
    due: () => findStaleHolds(deps),
    handle: async (reference) => {
      await deps.gateway.void(reference);
      deps.log.info({ payment: reference }, "stale hold given back: its payment was never posted");
    },
    describe: (reference) => ({ payment: reference }),
  });
}
