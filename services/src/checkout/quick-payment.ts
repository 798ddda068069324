import { randomUUID } from "node:crypto";
import {
  PaymentNotConfiguredError,
  QuickCheckoutFormError,
  quickCheckoutStream,
  type QuickDonationPaymentAnswer,
  type CheckoutPlacedAnswer,
  type EventMetadata,
  type LogPosition,
  type OrderLine,
  type OrderPersonal,
  type OrderTotals,
  type quickCheckoutEvents,
} from "@shop/shared";
import { foldStream } from "../platform/command-handler.ts";
import type { StreamTransaction } from "../platform/stream-transaction.ts";
import type { PaymentChoice } from "./decide.ts";
import type { PlacedOrder } from "../orders/place-order.ts";
import { runPaymentAttempt, type AttemptLog, type PaymentAttemptDeps } from "./payment-attempt.ts";
import { quickCheckoutDecider, quickPaymentTag, type QuickCheckout } from "./quick-checkout.ts";

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
 * How a one-form checkout's card comes: typed into the form (the test gateway), confirmed in the
 * gateway's own elements in the browser (Stripe: `payment_intent` names it), or about to be (the
 * PaymentIntent is being asked for, so no card is checked yet).
 */
export type QuickCard = "typed" | "confirmed" | "to-confirm";

/** What a one-form checkout decided before paying: its one line, its payment and totals, the buyer. */
export interface QuickOrder {
  line: OrderLine;
  /** The payment, given the tag this key's round confirms a browser payment for (Stripe). */
  payment: (confirmedTag: string) => PaymentChoice;
  totals: OrderTotals;
  /** The buyer's person id: their key seals the order's personal data. */
  person: string;
  personal: OrderPersonal;
  ships: boolean;
  /** A monthly gift's first month: paid only by a browser payment made to keep its card (`quickPaymentTag`). */
  monthly?: boolean;
  /** What commits with the order (a gift's thermometer). */
  afterOrder?: (tx: StreamTransaction, placed: PlacedOrder["placed"], now: Date) => Promise<void>;
}

export interface QuickRequest {
  idempotencyKey: string | null;
  userId: string | null;
  cartId: string;
  address: string;
  metadata: EventMetadata;
}

/**
 * The payment step of the one-form checkouts (a membership, a gift; issue 26): the submit claims its
 * Idempotency-Key's stream (by the key alone: a double click's second request may come before the
 * first one's cart cookie; a guessed key only answers an order number the order page shows its buyer
 * alone), so of two submits with one key only one pays and the other answers its order; then the one
 * payment attempt of the four-step checkout (payment-attempt.ts) places the order.
 */
export function payQuickOrder(
  deps: PaymentAttemptDeps,
  order: QuickOrder,
  request: QuickRequest,
): Promise<{ answer: CheckoutPlacedAnswer; lastWrite?: LogPosition }> {
  const stream = quickCheckoutStream(request.idempotencyKey ?? randomUUID());
  return runPaymentAttempt(
    deps,
    quickCheckoutAttempts(stream, order.line.skuCode),
    {
      load: async () => ({ state: foldStream(quickCheckoutDecider, await deps.store.readStream(stream)) }),
      placedOf: ({ state }) => state.placed,
      payment: ({ state }) => ({
        payment: order.payment(quickPaymentTag(stream, state, order.monthly)),
        totals: order.totals,
      }),
      order: async () => ({
        person: order.person,
        personal: order.personal,
        draft: {
          cartId: request.cartId,
          userId: request.userId,
          // Per-customer use limits count by account, or by the guest's person id (never the email in clear).
          customer: request.userId ? `user:${request.userId}` : `person:${order.person}`,
          ships: order.ships,
          lines: [order.line],
          discounts: [],
          discountTerms: new Map(),
          shippingMethod: null,
        },
      }),
      afterOrder: order.afterOrder && ((tx, _loaded, placed, now) => order.afterOrder!(tx, placed, now)),
    },
    { metadata: request.metadata, cardLimits: { checkout: `quick:${request.cartId}`, address: request.address } },
  );
}

/**
 * Stripe mode: the PaymentIntent a one-form page's Payment Element confirms, made for its
 * Idempotency-Key's round (a failed attempt starts another), amount and monthly choice. Stripe's own
 * idempotency answers the same intent when the page asks again. `what` names it in the refusal.
 */
export async function quickPaymentIntent(
  deps: PaymentAttemptDeps,
  request: QuickRequest,
  payment: { amountCents: number; monthly: boolean; what: "gift" | "order" },
): Promise<QuickDonationPaymentAnswer> {
  if (!deps.gateway.browserPayment) throw new PaymentNotConfiguredError();
  if (!request.idempotencyKey)
    throw new QuickCheckoutFormError({
      __all__: [`An Idempotency-Key header names the ${payment.what} the payment is for.`],
    });
  const stream = quickCheckoutStream(request.idempotencyKey);
  const state = foldStream(quickCheckoutDecider, await deps.store.readStream(stream));
  const intent = await deps.gateway.browserPayment({
    amountCents: payment.amountCents,
    tag: quickPaymentTag(stream, state, payment.monthly),
    monthly: payment.monthly,
  });
  return {
    metadata: { success: true, errors: [] },
    stripe: { publishable_key: intent.publishableKey, client_secret: intent.clientSecret },
  };
}
