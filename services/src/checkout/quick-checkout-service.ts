import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import {
  CheckoutInProgressError,
  PaymentNotConfiguredError,
  WrongExpectedVersionError,
  orderCompletePath,
  orderViewOf,
  quickCheckoutStream,
  type CheckoutPlacedAnswer,
  type DomainError,
  type EventMetadata,
  type LoadSkusForCart,
  type LogPosition,
  type QuickCheckoutEvent,
  type QuickCheckoutRequest,
} from "@shop/shared";
import { listAddresses, type Database } from "@shop/projections";
import { foldStream } from "../platform/command-handler.ts";
import { queueOrderConfirmation } from "../orders/order-confirmation-mail.ts";
import { checkCardAttempt, countIfDeclined, type CardAttemptThrottle } from "../payments/card-attempts.ts";
import { takesCards } from "../payments/gateway-for-config.ts";
import { placeOrder, type PlaceOrderDeps } from "../orders/place-order.ts";
import { payerOf, sealOrderPersonal } from "./checkout-personal.ts";
import { quickCheckoutDecider } from "./quick-checkout.ts";
import { decideQuickCheckout } from "./quick-checkout-decide.ts";

export interface QuickCheckoutDeps extends PlaceOrderDeps {
  db: Kysely<Database>;
  clock: () => Date;
  loadSkus: LoadSkusForCart;
  /** Declined card attempts per checkout, address and card. */
  cardAttempts: CardAttemptThrottle;
}

/** An attempt older than this is taken as lost (its process died): the next submit may start another. */
const ATTEMPT_LOST_MS = 60_000;
const WAIT_STEP_MS = 50;

const placed = (number: string): CheckoutPlacedAnswer => ({
  metadata: { success: true, errors: [] },
  order: { number },
  redirect: orderCompletePath(number),
});

/**
 * One membership bought in one form. The form is decided first (a refusal writes nothing); then the
 * submit claims its Idempotency-Key's stream with an expected version, so of two submits with one key
 * only one pays and the other answers its order; then the order goes through the same placement
 * (stock, payment, OrderPlaced) as the four-step checkout, and its confirmation through the outbox.
 */
export async function submitQuickCheckout(
  deps: QuickCheckoutDeps,
  input: QuickCheckoutRequest,
  request: {
    idempotencyKey: string | null;
    userId: string | null;
    cartId: string;
    address: string;
    metadata: EventMetadata;
  },
): Promise<{ answer: CheckoutPlacedAnswer; lastWrite?: LogPosition }> {
  const [skus, addressBook] = await Promise.all([
    deps.loadSkus([input.sku]),
    request.userId ? listAddresses(deps.db, request.userId) : null,
  ]);
  const order = decideQuickCheckout(input, { sku: skus.get(input.sku), addressBook }, deps.clock());
  if (order.payment.type === "card" && !takesCards(deps.gateway)) throw new PaymentNotConfiguredError();
  // By the key alone: a double click's second request may come before the first one's cart cookie.
  // The page makes a random key per form; a guessed key would only answer an order number that the
  // order page shows to its buyer alone.
  const stream = quickCheckoutStream(request.idempotencyKey ?? randomUUID());
  const append = (event: QuickCheckoutEvent, expectedVersion: number | "no-stream" | "any") =>
    deps.store.append(stream, [{ type: event.type, data: event.data, metadata: request.metadata }], {
      expectedVersion,
    });
  const personal = {
    billing: order.billing,
    shipping: order.shipping,
    digitalEmail: null,
    membership: order.membership,
  };
  const person = await payerOf(deps.db, request.userId, order.billing.email);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const state = foldStream(quickCheckoutDecider, await deps.store.readStream(stream));
    if (state.placed) return { answer: placed(state.placed) };
    const now = deps.clock();
    if (state.attempt && now.getTime() - Date.parse(state.attempt.at) < ATTEMPT_LOST_MS) {
      if (Date.now() > deadline) throw new CheckoutInProgressError();
      await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
      continue;
    }
    const cardKeys = await checkCardAttempt(deps.cardAttempts, order.payment, {
      checkout: `quick:${request.cartId}`,
      address: request.address,
    });
    const attemptId = randomUUID();
    const at = now.toISOString();
    try {
      await append(
        { type: "QuickCheckoutStarted", data: { attemptId, sku: input.sku, at } },
        state.version < 0 ? "no-stream" : state.version,
      );
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) continue; // another submit with this key got there first
      throw error;
    }
    let result: Awaited<ReturnType<typeof placeOrder>>;
    try {
      result = await placeOrder(
        deps,
        {
          attemptId,
          cartId: request.cartId,
          userId: request.userId,
          // Per-customer use limits count by account, or by the guest's person id (never the email in clear).
          customer: request.userId ? `user:${request.userId}` : `person:${person}`,
          // The billing, the card's address and the passholders, sealed with the buyer's key like the four steps.
          personal: await sealOrderPersonal(deps.db, person, personal),
          ships: true,
          lines: [order.line],
          discounts: [],
          discountTerms: new Map(),
          shippingMethod: null,
          totals: order.totals,
          payment: order.payment,
          now,
        },
        request.metadata,
      );
    } catch (error) {
      await countIfDeclined(deps.cardAttempts, cardKeys, error);
      const refusal = error as Partial<DomainError>;
      const code = String(refusal.code ?? "SERVER_ERROR");
      const message = String(refusal.message ?? "failed");
      await append({ type: "QuickCheckoutFailed", data: { attemptId, code, message, at } }, "any");
      throw error;
    }
    await append({ type: "QuickCheckoutCompleted", data: { attemptId, orderNumber: result.number, at } }, "any");
    const view = orderViewOf(result.placed, personal);
    const mailed = await queueOrderConfirmation(deps, view, person, request.metadata, result.placed.holdUntil);
    return { answer: placed(result.number), lastWrite: mailed ?? result.appended.position };
  }
}
