import { randomUUID } from "node:crypto";
import {
  PaymentNotConfiguredError,
  quickCheckoutStream,
  type CheckoutPlacedAnswer,
  type EventMetadata,
  type LoadSkusForCart,
  type LogPosition,
  type quickCheckoutEvents,
  type QuickCheckoutRequest,
} from "@shop/shared";
import { listAddresses } from "@shop/projections";
import { foldStream } from "../platform/command-handler.ts";
import { takesCards } from "../payments/gateway-for-config.ts";
import { payerOf } from "./checkout-personal.ts";
import { runPaymentAttempt, type AttemptLog, type PaymentAttemptDeps } from "./payment-attempt.ts";
import { quickCheckoutDecider, type QuickCheckout } from "./quick-checkout.ts";
import { decideQuickCheckout } from "./quick-checkout-decide.ts";

export interface QuickCheckoutDeps extends PaymentAttemptDeps {
  loadSkus: LoadSkusForCart;
}

/** A quick checkout's stream (one per Idempotency-Key) records its payment attempts. */
export const quickCheckoutAttempts = (
  stream: string,
  sku: string,
): AttemptLog<QuickCheckout, typeof quickCheckoutEvents> => ({
  stream,
  origin: { kind: "quick", stream, sku },
  decider: quickCheckoutDecider,
  attemptOf: (state) => state.attempt,
  started: (attemptId, at) => ({ type: "QuickCheckoutStarted", data: { attemptId, sku, at } }),
  failed: (attemptId, { code, message }, at) => ({
    type: "QuickCheckoutFailed",
    data: { attemptId, code, message, at },
  }),
  completed: (attemptId, orderNumber, at) => ({ type: "QuickCheckoutCompleted", data: { attemptId, orderNumber, at } }),
});

/**
 * One membership bought in one form. The form is decided first (a refusal writes nothing); then the
 * submit claims its Idempotency-Key's stream, so of two submits with one key only one pays and the
 * other answers its order: the one payment attempt (payment-attempt.ts) of the four-step checkout,
 * with its placement (stock, payment, OrderPlaced) and its confirmation through the outbox.
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
  const personal = {
    billing: order.billing,
    shipping: order.shipping,
    digitalEmail: null,
    membership: order.membership,
  };
  const person = await payerOf(deps.db, request.userId, order.billing.email);
  const { answer, lastWrite } = await runPaymentAttempt(
    deps,
    quickCheckoutAttempts(stream, input.sku),
    {
      load: async () => ({ state: foldStream(quickCheckoutDecider, await deps.store.readStream(stream)) }),
      placedOf: ({ state }) => state.placed,
      payment: () => ({ payment: order.payment, totals: order.totals }),
      order: async () => ({
        person,
        // The billing, the card's address and the passholders, sealed with the buyer's key like the four steps.
        personal,
        draft: {
          cartId: request.cartId,
          userId: request.userId,
          // Per-customer use limits count by account, or by the guest's person id (never the email in clear).
          customer: request.userId ? `user:${request.userId}` : `person:${person}`,
          ships: true,
          lines: [order.line],
          discounts: [],
          discountTerms: new Map(),
          shippingMethod: null,
        },
      }),
    },
    { metadata: request.metadata, cardLimits: { checkout: `quick:${request.cartId}`, address: request.address } },
  );
  return { answer, lastWrite };
}
