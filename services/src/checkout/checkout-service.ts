import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import {
  CheckoutInvalidStepError,
  PaymentNotConfiguredError,
  cartStream,
  checkoutStream,
  type AppendResult,
  type CartEvent,
  type CheckoutEvent,
  type checkoutEvents,
  type CheckoutPaymentRequest,
  type CheckoutPlacedAnswer,
  type EventMetadata,
  type LogPosition,
  type Shopper,
} from "@shop/shared";
import { loadCart, type CartServiceDeps } from "../cart/cart-service.ts";
import { cartDecider, type Cart } from "../cart/cart.ts";
import type { CartContext } from "../cart/decide.ts";
import { foldStream } from "../platform/command-handler.ts";
import type { placeOrder } from "../orders/place-order.ts";
import { takesCards } from "../payments/gateway-for-config.ts";
import { recordOrderGiftsIn } from "../orders/order-gifts.ts";
import type { StreamTransaction } from "../platform/stream-transaction.ts";
import { checkoutDecider, paymentTag, type Checkout } from "./checkout.ts";
import { checkPaymentStep, decidePaymentChoice } from "./decide.ts";
import { checkoutPayer, discountCustomerOf, openCheckoutWithKey, payerKeyRead, payerOf } from "./checkout-personal.ts";
import { runPaymentAttempt, type AttemptLog, type PaymentAttemptDeps } from "./payment-attempt.ts";
import { priceOrder, totalsOf, type PricedOrder } from "./order-pricing.ts";

export interface CheckoutServiceDeps extends CartServiceDeps, PaymentAttemptDeps {
  /** The read models' database: the person keys that seal the checkout's personal data live beside them. */
  db: Kysely<Database>;
}

type PlacedOrder = Awaited<ReturnType<typeof placeOrder>>["placed"];

export interface LoadedCheckout {
  checkout: Checkout;
  cart: Cart;
  context: CartContext;
  priced: PricedOrder;
}

export async function loadCheckout(
  deps: CheckoutServiceDeps,
  cartId: string,
  shopper: Shopper,
): Promise<LoadedCheckout> {
  const [recorded, { cart, context }] = await Promise.all([
    deps.store.readStream(checkoutStream(cartId)),
    loadCart(deps, cartId, shopper),
  ]);
  const checkout = foldStream(checkoutDecider, recorded);
  return { checkout, cart, context, priced: priceOrder(cart, context) };
}

/**
 * `loadCheckout` for the payment: the payer's key is read as soon as the checkout is, beside the cart's
 * SKUs (issue 28, point 3: one round trip fewer before the claim).
 */
async function loadCheckoutToPay(deps: CheckoutServiceDeps, cartId: string, shopper: Shopper) {
  const reading = deps.store.readStream(checkoutStream(cartId)).then((recorded) => {
    const checkout = foldStream(checkoutDecider, recorded);
    return { checkout, keyRead: payerKeyRead(deps.db, checkout) };
  });
  const [{ checkout, keyRead }, { cart, context }] = await Promise.all([reading, loadCart(deps, cartId, shopper)]);
  return { checkout, cart, context, priced: priceOrder(cart, context), keyRead, state: checkout };
}

/**
 * Appends a step's events after the checkout's last one, at the version the step loaded (a concurrent
 * step is a 409). The append's expected version is the whole check: the stream is not read again
 * (issue 28, point 3: the step's load read it a moment ago; a re-read only to compare versions is a
 * statement per step for nothing).
 */
export function appendCheckout(
  deps: Pick<CheckoutServiceDeps, "store">,
  cartId: string,
  checkout: Checkout,
  events: CheckoutEvent[],
  metadata: EventMetadata,
): Promise<AppendResult> {
  return deps.store.append(
    checkoutStream(cartId),
    events.map((e) => ({ type: e.type, data: e.data, metadata })),
    { expectedVersion: checkout.version < 0 ? "no-stream" : checkout.version },
  );
}

/** The checkout's stream records its payment attempts, with the submit's Idempotency-Key. */
export const checkoutAttempts = (
  cartId: string,
  idempotencyKey: string | null,
): AttemptLog<Checkout, typeof checkoutEvents> => ({
  stream: checkoutStream(cartId),
  origin: { kind: "checkout", cartId, idempotencyKey },
  decider: checkoutDecider,
  attemptOf: (checkout) => checkout.attempt,
  started: (attemptId, at) => ({ type: "CheckoutPaymentStarted", data: { attemptId, idempotencyKey, at } }),
  failed: (attemptId, { code, message }, at) => ({
    type: "CheckoutPaymentFailed",
    data: { attemptId, code, message, field: null, at },
  }),
  completed: (attemptId, orderNumber, at) => ({
    type: "CheckoutCompleted",
    data: { attemptId, idempotencyKey, orderNumber, at },
  }),
});

/**
 * Step 4 submitted: the one payment attempt (payment-attempt.ts) on the checkout's stream. A submit
 * after the order was placed (same Idempotency-Key, or the same checkout) answers that order.
 */
export function submitPayment(
  deps: CheckoutServiceDeps,
  cartId: string,
  shopper: Shopper,
  input: CheckoutPaymentRequest,
  request: { idempotencyKey: string | null; userId: string | null; address: string; metadata: EventMetadata },
): Promise<{ answer: CheckoutPlacedAnswer; appended?: AppendResult; lastWrite?: LogPosition }> {
  const { idempotencyKey } = request;
  return runPaymentAttempt(
    deps,
    checkoutAttempts(cartId, idempotencyKey),
    {
      load: () => loadCheckoutToPay(deps, cartId, shopper),
      placedOf: ({ checkout }) => (idempotencyKey ? checkout.keys[idempotencyKey] : undefined) ?? checkout.placed,
      payment({ checkout, priced }, now) {
        const { shippingCents } = checkPaymentStep(checkout, priced.facts);
        const totals = totalsOf(priced, shippingCents);
        // No card gateway on this shop: refused before the card is read or anything is taken.
        if (input.payment_type === "card" && totals.totalCents > 0 && !takesCards(deps.gateway))
          throw new PaymentNotConfiguredError();
        // Stripe: the card was confirmed in the browser, for this round's PaymentIntent.
        const confirmedTag = deps.gateway.browserPayment ? paymentTag(cartId, checkout) : null;
        return { payment: decidePaymentChoice(input, totals.totalCents, now, confirmedTag), totals };
      },
      async order({ checkout, cart, context, priced, keyRead }) {
        // The payer's key is read once (begun with the load): it opens the billing and delivery, and
        // seals the order and its mail.
        const opened = await openCheckoutWithKey(deps.db, checkout, keyRead);
        const billing = opened.billing;
        if (!billing) throw new CheckoutInvalidStepError(); // the payer was erased since step 1
        const userId = request.userId ?? checkout.billing!.userId;
        const personal = {
          billing,
          shipping: opened.delivery?.shipping ?? null,
          digitalEmail: opened.delivery?.digitalEmail ?? null,
        };
        const person = checkoutPayer(checkout) ?? (await payerOf(deps.db, userId, billing.email));
        return {
          person,
          personal,
          key: person === checkoutPayer(checkout) ? (opened.key ?? undefined) : undefined,
          draft: {
            cartId,
            userId,
            // Per-customer use limits count by account, or by the guest's normalised email's person id (never the email).
            // (Looked up only when a code is applied: a guest's untagged email then gets a person id of its own.)
            customer: priced.discounts.length
              ? await discountCustomerOf(deps.db, userId, billing.email)
              : userId
                ? `user:${userId}`
                : `person:${person}`,
            ships: personal.shipping !== null,
            lines: priced.lines,
            discounts: priced.discounts,
            discountTerms: context.discounts,
            shippingMethod:
              cart.lines.length && checkout.shipping && priced.facts.ships
                ? { code: checkout.shipping.method, label: checkout.shipping.label, cents: checkout.shipping.cents }
                : null,
          },
        };
      },
      afterOrder: (tx, { cart }, placed, now) => afterOrder(tx, cartId, cart, placed, now),
      afterOrderReads: () => [cartStream(cartId)],
    },
    { metadata: request.metadata, cardLimits: { checkout: `cart:${cartId}`, address: request.address } },
  );
}

/**
 * What commits with a placed order: the donations of a paid order move their campaigns' thermometers
 * (a check order's wait for its check to be recorded as received), and the ordered lines leave the
 * cart (after whatever the shopper did to the cart meanwhile: a conflict decides again).
 */
async function afterOrder(tx: StreamTransaction, cartId: string, cart: Cart, placed: PlacedOrder, now: Date) {
  if (placed.payment.status !== "awaiting") await recordOrderGiftsIn(tx, placed, now);
  const at = now.toISOString();
  const emptied: CartEvent[] = [
    ...cart.lines.map(
      (l): CartEvent => ({ type: "CartItemRemoved", data: { lineId: l.lineId, skuCode: l.skuCode, at } }),
    ),
    ...cart.donations.map(
      (d): CartEvent => ({ type: "CartDonationRemoved", data: { lineId: d.lineId, skuCode: d.skuCode, at } }),
    ),
    ...cart.codes.map((code): CartEvent => ({ type: "CartDiscountRemoved", data: { code, reason: null, at } })),
  ];
  if (emptied.length) await tx.run(cartStream(cartId), cartDecider, () => emptied);
}
