import {
  PaymentDeclinedError,
  orderStream,
  type AppendResult,
  type Discount,
  type EventMetadata,
  type EventStore,
  type OrderLine,
  type OrderTotals,
  type PaymentSummary,
  type OrderPlaced,
  type Sealed,
} from "@shop/shared";
import type { z } from "zod";

type OrderPlacedData = z.infer<typeof OrderPlaced.schema>;
import type { PaymentChoice } from "../checkout/decide.ts";
import type { PaymentGateway } from "../payments/payment-gateway.ts";
import { commandHandler, RETRY } from "../platform/command-handler.ts";
import { orderDecider } from "./decide.ts";
import { claimDiscountUse, releaseDiscountUse } from "./discount-uses.ts";
import { releaseStock, takeStock, type Reservation } from "./stock.ts";

export interface PlaceOrderDeps {
  store: EventStore;
  gateway: PaymentGateway;
  /** The next order number (a counter: numbers are what shoppers quote). */
  nextOrderNumber: () => Promise<string>;
  /** CHECK_HOLD_DAYS: how long an unpaid check order holds its stock and discount uses (default 14). */
  checkHoldDays?: number;
}

export const DEFAULT_CHECK_HOLD_DAYS = 14;

/** Placing claims a fresh order number's stream: the first writer wins (a counter never repeats). */
const placeCommand = commandHandler(orderDecider, RETRY.refuse);

/** Pure: when the hold of an order placed at `now` ends, for a payment that awaits a check; else null. */
export function holdUntilOf(payment: PaymentSummary, now: Date, days: number): string | null {
  return payment.status === "awaiting" ? new Date(now.getTime() + days * 86_400_000).toISOString() : null;
}

export interface OrderDraft {
  attemptId: string;
  cartId: string;
  userId: string | null;
  /** Who the discount use limits count per: `user:{id}`, or `person:{id}` for a guest. */
  customer: string;
  /** The billing, shipping and download email, sealed with the buyer's key. */
  personal: Sealed;
  ships: boolean;
  lines: OrderLine[];
  discounts: Array<{ code: string; description: string; amountCents: number }>;
  /** The applied discounts' terms, for their use limits. */
  discountTerms: ReadonlyMap<string, Discount>;
  shippingMethod: { code: string; label: string; cents: number } | null;
  totals: OrderTotals;
  payment: PaymentChoice;
  now: Date;
}

/**
 * The order saga of one checkout attempt: authorise the card, take the stock (SKU streams, expected
 * versions), claim discount uses, capture, then append OrderPlaced. A step that fails undoes the ones
 * before it (stock back, uses released, authorisation voided or refunded), so a shopper told 'sold
 * out' or 'declined' was charged nothing and took nothing. The card goes first so that a declined
 * card holds nothing, not even for the moment of its authorisation: carts paying again and again
 * with a bad card cannot keep the last copies from real buyers. A check order holds its stock until
 * `holdUntil`, when the server cancels it unless the check arrived (check-holds.ts).
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
  draft: OrderDraft,
  metadata: EventMetadata,
): Promise<{ number: string; appended: AppendResult; placed: OrderPlacedData }> {
  const at = draft.now.toISOString();
  const reservations: Reservation[] = [];
  const claims: string[] = [];
  let authorised: string | null = null;
  let captured = false;
  try {
    const payment = await pay(deps.gateway, draft);
    authorised = payment.reference;
    // SKUs in id order, so two orders of the same items meet their streams in the same order.
    const goods = draft.lines
      .filter((l) => !l.donation && l.skuId !== null)
      .sort((a, b) => (a.skuId ?? 0) - (b.skuId ?? 0));
    for (const line of goods)
      reservations.push(
        await takeStock(
          deps.store,
          { skuId: line.skuId ?? 0, quantity: line.quantity, title: line.title },
          at,
          metadata,
        ),
      );
    const customer = draft.customer;
    for (const applied of draft.discounts) {
      const terms = draft.discountTerms.get(applied.code);
      if (!terms) continue;
      if (await claimDiscountUse(deps.store, terms, { claimId: draft.attemptId, customer, at }, metadata))
        claims.push(applied.code);
    }
    if (payment.reference && payment.status === "paid") {
      await deps.gateway.capture(payment.reference, payment.amountCents);
      captured = true;
    }
    const number = await deps.nextOrderNumber();
    const placed: OrderPlacedData = {
      number,
      cartId: draft.cartId,
      userId: draft.userId,
      personal: draft.personal,
      ships: draft.ships,
      lines: draft.lines,
      discounts: draft.discounts,
      shippingMethod: draft.shippingMethod,
      totals: draft.totals,
      payment,
      placedAt: at,
      held: {
        stock: reservations.filter((r) => r.taken > 0).map((r) => ({ skuId: r.skuId, quantity: r.taken })),
        discountClaims: claims.map((code) => ({ code, claimId: draft.attemptId })),
      },
      holdUntil: holdUntilOf(payment, draft.now, deps.checkHoldDays ?? DEFAULT_CHECK_HOLD_DAYS),
    };
    const { appended } = await placeCommand(
      deps.store,
      orderStream(number),
      () => [{ type: "OrderPlaced", data: placed }],
      {
        metadata,
        assumeNew: true,
      },
    );
    return { number, appended: appended!, placed };
  } catch (error) {
    await undo();
    throw error;
  }

  async function undo() {
    const failures: unknown[] = [];
    const attempt = (work: () => Promise<unknown>) => work().catch((e) => failures.push(e));
    if (authorised)
      await attempt(() =>
        captured ? deps.gateway.refund(authorised!, draft.totals.totalCents) : deps.gateway.void(authorised!),
      );
    for (const code of claims) await attempt(() => releaseDiscountUse(deps.store, code, draft.attemptId, at, metadata));
    for (const r of reservations) await attempt(() => releaseStock(deps.store, r, at, metadata));
    if (failures.length) throw new AggregateError(failures, "an order attempt failed and could not be fully undone");
  }
}

/** Takes the payment: a card is authorised (declined: nothing charged); a check awaits; nothing due is none. */
async function pay(gateway: PaymentGateway, draft: OrderDraft): Promise<PaymentSummary> {
  const amountCents = draft.totals.totalCents;
  const base = { amountCents, gateway: null, brand: null, last4: null, reference: null };
  if (draft.payment.type === "none") return { ...base, type: "none", status: "none" };
  if (draft.payment.type === "check") return { ...base, type: "check", status: "awaiting" };
  const result = await gateway.authorise({
    amountCents,
    source: draft.payment.source,
    idempotencyKey: draft.attemptId,
  });
  if (!result.ok) throw new PaymentDeclinedError(result.message);
  return {
    type: "card",
    status: "paid",
    amountCents,
    gateway: gateway.name,
    brand: result.brand,
    last4: result.last4,
    reference: result.reference,
  };
}
