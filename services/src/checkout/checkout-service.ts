import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import {
  CheckoutInProgressError,
  CheckoutInvalidStepError,
  PaymentNotConfiguredError,
  WrongExpectedVersionError,
  cartStream,
  checkoutStream,
  orderCompletePath,
  orderViewOf,
  type AppendResult,
  type CartEvent,
  type CheckoutEvent,
  type CheckoutPaymentRequest,
  type CheckoutPlacedAnswer,
  type DomainError,
  type EventMetadata,
  type LogPosition,
  type Shopper,
} from "@shop/shared";
import { loadCart, type CartServiceDeps } from "../cart/cart-service.ts";
import type { Cart } from "../cart/cart.ts";
import type { CartContext } from "../cart/decide.ts";
import { foldStream } from "../platform/command-handler.ts";
import { placeOrder, type PlaceOrderDeps } from "../orders/place-order.ts";
import { queueOrderConfirmation } from "../orders/order-confirmation-mail.ts";
import { checkCardAttempt, countIfDeclined, type CardAttemptThrottle } from "../payments/card-attempts.ts";
import { takesCards } from "../payments/gateway-for-config.ts";
import { recordOrderGifts } from "../orders/order-gifts.ts";
import { checkoutDecider, paymentTag, type Checkout } from "./checkout.ts";
import { checkPaymentStep, decidePaymentChoice } from "./decide.ts";
import { checkoutPayer, discountCustomerOf, openCheckout, payerOf, sealOrderPersonal } from "./checkout-personal.ts";
import { priceOrder, totalsOf, type PricedOrder } from "./order-pricing.ts";

export interface CheckoutServiceDeps extends CartServiceDeps, PlaceOrderDeps {
  /** The read models' database: the person keys that seal the checkout's personal data live beside them. */
  db: Kysely<Database>;
  /** Declined card attempts per checkout, address and card. */
  cardAttempts: CardAttemptThrottle;
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

/** Appends a step's events after the checkout's last one; a concurrent step on the same checkout is a 409. */
export function appendCheckout(
  deps: CheckoutServiceDeps,
  cartId: string,
  checkout: Checkout,
  events: CheckoutEvent[],
  metadata: EventMetadata,
) {
  return deps.store.append(
    checkoutStream(cartId),
    events.map((e) => ({ type: e.type, data: e.data, metadata })),
    { expectedVersion: checkout.version < 0 ? "no-stream" : checkout.version },
  );
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
 * Step 4 submitted. The attempt first claims the checkout (CheckoutPaymentStarted with the stream's
 * version), so of two submits at once only one pays; the other waits for its outcome. A submit after
 * the order was placed (same Idempotency-Key, or the same checkout) answers that order.
 */
export async function submitPayment(
  deps: CheckoutServiceDeps,
  cartId: string,
  shopper: Shopper,
  input: CheckoutPaymentRequest,
  request: { idempotencyKey: string | null; userId: string | null; address: string; metadata: EventMetadata },
): Promise<{ answer: CheckoutPlacedAnswer; appended?: AppendResult; lastWrite?: LogPosition }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { checkout, cart, context, priced } = await loadCheckout(deps, cartId, shopper);
    const known = request.idempotencyKey ? checkout.keys[request.idempotencyKey] : undefined;
    if (known) return { answer: placed(known) };
    if (checkout.placed) return { answer: placed(checkout.placed) };
    const now = deps.clock();
    if (checkout.attempt && now.getTime() - Date.parse(checkout.attempt.at) < ATTEMPT_LOST_MS) {
      if (Date.now() > deadline) throw new CheckoutInProgressError();
      await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
      continue;
    }
    const { shippingCents } = checkPaymentStep(checkout, priced.facts);
    const totals = totalsOf(priced, shippingCents);
    // No card gateway on this shop: refused before the card is read or anything is taken.
    if (input.payment_type === "card" && totals.totalCents > 0 && !takesCards(deps.gateway))
      throw new PaymentNotConfiguredError();
    // Stripe: the card was confirmed in the browser, for this round's PaymentIntent.
    const confirmedTag = deps.gateway.browserPayment ? paymentTag(cartId, checkout) : null;
    const payment = decidePaymentChoice(input, totals.totalCents, now, confirmedTag);
    const cardKeys = await checkCardAttempt(deps.cardAttempts, payment, {
      checkout: `cart:${cartId}`,
      address: request.address,
    });
    const opened = await openCheckout(deps.db, checkout);
    const billing = opened.billing;
    if (!billing) throw new CheckoutInvalidStepError(); // the payer was erased since step 1
    const userId = request.userId ?? checkout.billing!.userId;
    const personal = {
      billing,
      shipping: opened.delivery?.shipping ?? null,
      digitalEmail: opened.delivery?.digitalEmail ?? null,
    };
    const person = checkoutPayer(checkout) ?? (await payerOf(deps.db, userId, billing.email));
    const attemptId = randomUUID();
    const at = now.toISOString();
    try {
      await appendCheckout(
        deps,
        cartId,
        checkout,
        [{ type: "CheckoutPaymentStarted", data: { attemptId, idempotencyKey: request.idempotencyKey, at } }],
        request.metadata,
      );
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) continue; // another submit got there first: wait for it
      throw error;
    }
    let order: Awaited<ReturnType<typeof placeOrder>>;
    try {
      order = await placeOrder(
        deps,
        {
          attemptId,
          cartId,
          userId,
          // Per-customer use limits count by account, or by the guest's normalised email's person id (never the email).
          // (Looked up only when a code is applied: a guest's untagged email then gets a person id of its own.)
          customer: priced.discounts.length
            ? await discountCustomerOf(deps.db, userId, billing.email)
            : userId
              ? `user:${userId}`
              : `person:${person}`,
          personal: await sealOrderPersonal(deps.db, person, personal),
          ships: personal.shipping !== null,
          lines: priced.lines,
          discounts: priced.discounts,
          discountTerms: context.discounts,
          shippingMethod:
            cart.lines.length && checkout.shipping && priced.facts.ships
              ? { code: checkout.shipping.method, label: checkout.shipping.label, cents: checkout.shipping.cents }
              : null,
          totals,
          payment,
          now,
        },
        request.metadata,
      );
    } catch (error) {
      await countIfDeclined(deps.cardAttempts, cardKeys, error);
      const refusal = error as Partial<DomainError>;
      await deps.store.append(
        checkoutStream(cartId),
        [
          {
            type: "CheckoutPaymentFailed",
            data: {
              attemptId,
              code: String(refusal.code ?? "SERVER_ERROR"),
              message: String(refusal.message ?? "failed"),
              field: null,
              at,
            },
            metadata: request.metadata,
          },
        ],
        { expectedVersion: "any" },
      );
      throw error;
    }
    await deps.store.append(
      checkoutStream(cartId),
      [
        {
          type: "CheckoutCompleted",
          data: { attemptId, idempotencyKey: request.idempotencyKey, orderNumber: order.number, at },
          metadata: request.metadata,
        },
      ],
      { expectedVersion: "any" },
    );
    await afterOrder(deps, cartId, cart, order.placed, now, request.metadata);
    const view = orderViewOf(order.placed, personal);
    const mailed = await queueOrderConfirmation(deps, view, person, request.metadata, order.placed.holdUntil);
    // The mail is this request's last write: once the read models reach it they hold the gifts too.
    return { answer: placed(order.number), appended: order.appended, lastWrite: mailed ?? order.appended.position };
  }
}

/**
 * What follows a placed order: the donations of a paid order move their campaigns' thermometers (a
 * check order's wait for its check to be recorded as received), and the ordered lines leave the cart.
 */
async function afterOrder(
  deps: CheckoutServiceDeps,
  cartId: string,
  cart: Cart,
  placed: PlacedOrder,
  now: Date,
  metadata: EventMetadata,
) {
  if (placed.payment.status !== "awaiting") await recordOrderGifts(deps, placed, now, metadata);
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
  if (emptied.length)
    await deps.store.append(
      cartStream(cartId),
      emptied.map((e) => ({ type: e.type, data: e.data, metadata })),
      { expectedVersion: "any" },
    );
}
