import type { Kysely } from "kysely";
import { DomainError, orderStream, type EventMetadata, type EventStore, type UserRef } from "@shop/shared";
import type { Database } from "@shop/projections";
import { putBack } from "./after-sale.ts";
import { decideOrder, orderCommand, type OrderCommand } from "./decide.ts";

/**
 * What the payment gateway tells the shop about an order's money after the fact (Stripe's webhooks):
 * a refund made in its dashboard, a dispute, a payment that did not go through. Each is an order
 * command decided on the order's state (the transition table), so a notice told twice, or about
 * something the shop already did itself, changes nothing the second time.
 */
export interface GatewayEventDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
}

/** Who the order's history names for what the gateway reported. */
export const GATEWAY_USER: UserRef = { id: "stripe", name: "Stripe" };

/**
 * What became of a notice: acted on, nothing to do (already so), refused by the order's state, or
 * stale (the order's own record contradicts it: the money was captured).
 */
export type GatewayOutcome = "done" | "nothing" | "refused" | "stale";

/** The order a gateway payment (a PaymentIntent id) paid for, from the orders read model. */
export async function orderNumberForPayment(db: Kysely<Database>, reference: string): Promise<string | null> {
  const row = await db
    .selectFrom("orders")
    .select("number")
    .where("payment_reference", "=", reference)
    .executeTakeFirst();
  return row?.number ?? null;
}

async function run(
  deps: GatewayEventDeps,
  number: string,
  command: (state: Parameters<typeof decideOrder>[1]) => OrderCommand | null,
  metadata: EventMetadata,
): Promise<GatewayOutcome> {
  try {
    const result = await orderCommand(
      deps.store,
      orderStream(number),
      (state) => {
        const next = command(state);
        return next ? decideOrder(next, state, { now: deps.clock(), by: GATEWAY_USER }) : [];
      },
      { metadata },
    );
    return result.appended ? "done" : "nothing";
  } catch (error) {
    if (error instanceof DomainError) return "refused";
    throw error;
  }
}

/**
 * The gateway says `refundedTotalCents` of the payment has been given back in all. What the order
 * does not have yet becomes its refund (stock, uses and donations then move back, as for a staff
 * refund); a refund the shop made itself is already on the order, so nothing is added twice.
 */
export async function refundFromGateway(
  deps: GatewayEventDeps,
  refund: { number: string; refundedTotalCents: number; reference: string },
  metadata: EventMetadata,
): Promise<GatewayOutcome> {
  const outcome = await run(
    deps,
    refund.number,
    (state) => {
      const missing = refund.refundedTotalCents - state.refundedCents;
      if (missing <= 0) return null;
      return {
        type: "Refund",
        amountCents: missing,
        reason: "Refunded in Stripe",
        gateway: "stripe",
        reference: refund.reference,
      };
    },
    metadata,
  );
  // Also when nothing new was refunded: a notice delivered again after a put-back that died half way
  // finishes it (putBack does each part once).
  if (outcome !== "refused") await putBack(deps, refund.number, metadata);
  return outcome;
}

/** The buyer's bank disputed the payment: the order is flagged for staff (disputed in the table). */
export function disputeFromGateway(
  deps: GatewayEventDeps,
  dispute: { number: string; reason: string },
  metadata: EventMetadata,
): Promise<GatewayOutcome> {
  return run(
    deps,
    dispute.number,
    (state) => (state.disputed ? null : { type: "OpenDispute", reason: dispute.reason || "Disputed in Stripe" }),
    metadata,
  );
}

/**
 * The gateway says the payment of an order failed or was cancelled. An order that holds no money yet
 * is cancelled and its stock, uses and donations put back (never shipped unpaid). An order whose
 * payment was captured is left alone (`stale`): a card order is placed only after its capture, so
 * such a notice is about an earlier attempt on the same PaymentIntent (a first card declined before
 * a second one paid), delivered late or out of order, as Stripe warns it may be. Cancelling then
 * would keep the money without an order.
 */
export async function cancelUnpaidFromGateway(
  deps: GatewayEventDeps,
  unpaid: { number: string; why: string },
  metadata: EventMetadata,
): Promise<GatewayOutcome> {
  let stale = false;
  const outcome = await run(
    deps,
    unpaid.number,
    (state) => {
      stale = state.paidCents > 0;
      return state.cancelled || stale ? null : { type: "Cancel", reason: unpaid.why };
    },
    metadata,
  );
  if (stale) return "stale";
  if (outcome !== "refused") await putBack(deps, unpaid.number, metadata);
  return outcome;
}
