import {
  PaymentDeclinedError,
  WrongExpectedVersionError,
  discountUsesStream,
  orderStream,
  paymentAttemptStream,
  skuStream,
  type AppendResult,
  type Discount,
  type EventMetadata,
  type EventStore,
  type LogPosition,
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
import { RETRY } from "../platform/command-handler.ts";
import { runStreamTransaction, type StreamTransaction } from "../platform/stream-transaction.ts";
import { orderDecider } from "./decide.ts";
import { claimDiscountUseIn, releaseDiscountUse } from "./discount-uses.ts";
import { releaseStock, takenByAttempt, takeStockIn, type Reservation } from "./stock.ts";

export interface PlaceOrderDeps {
  store: EventStore;
  gateway: PaymentGateway;
  /** The next order number (a counter: numbers are what shoppers quote). */
  nextOrderNumber: () => Promise<string>;
  /** CHECK_HOLD_DAYS: how long an unpaid check order holds its stock and discount uses (default 14). */
  checkHoldDays?: number;
}

export const DEFAULT_CHECK_HOLD_DAYS = 14;

/** Pure: when the hold of an order placed at `now` ends, for a payment that awaits a check; else null. */
export function holdUntilOf(payment: PaymentSummary, now: Date, days: number): string | null {
  return payment.status === "awaiting" ? new Date(now.getTime() + days * 86_400_000).toISOString() : null;
}

/** The stock and discount uses an attempt holds are named by it: `attempt-{id}` (taken and put back once). */
export const attemptHold = (attemptId: string) => `attempt-${attemptId}`;

/**
 * The attempt's journal (payment-attempt-{id}, checkout/payment-journal.ts): each step is recorded
 * before the next acts, so the payment reactor can finish or undo an attempt whose process died.
 * `resume` is what an earlier run of the same attempt recorded: its authorisation and its number.
 */
export interface OrderJournal {
  authorised(payment: { reference: string; brand: string; last4: string | null }): Promise<void>;
  /** Inside the reserve transaction: the number the order will be placed under. */
  numbered(tx: StreamTransaction, number: string): Promise<void>;
  resume?: { authorised?: { reference: string; brand: string; last4: string | null }; number?: string };
}

/**
 * The request's attempt was taken over by the payment reactor while it ran (it was quiet for
 * ATTEMPT_QUIET_MS: an overloaded process, a slow gateway). `step` is the journal record it could not write:
 * at "authorised" the reactor is undoing the attempt, so the request voids the card it just got; at
 * "numbered" the reactor may be finishing it with that card, so the request gives back nothing.
 */
export class AttemptTakenOverError extends Error {
  constructor(readonly step: "authorised" | "numbered") {
    super(`payment attempt taken over by the payment reactor before its ${step} record`);
  }
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
 * An order step failed and giving back what the attempt held failed too (the gateway or the database
 * did not answer): the money or the stock may still be held. The attempt must not be settled; the
 * payment reactor gives back the rest later (every give-back names the attempt and happens once).
 */
export class UndoIncompleteError extends AggregateError {
  constructor(
    readonly cause: unknown,
    failures: unknown[],
  ) {
    super(failures, "an order attempt failed and could not be fully undone");
    this.name = "UndoIncompleteError";
  }
}

/**
 * The order's transaction failed after it was sent and the log could not be read to learn whether it
 * landed: the order may stand, paid. Nothing is given back (a refund would take the money of an order
 * that stands) and nothing recorded as failed; the payment reactor settles the attempt from the log
 * once it is quiet (an order that stands finished its journal in its own transaction).
 */
export class OrderFateUnknownError extends AggregateError {
  constructor(
    readonly cause: unknown,
    lookup: unknown,
  ) {
    super([lookup], "an order's transaction failed and whether it landed could not be read");
    this.name = "OrderFateUnknownError";
  }
}

export interface PlacedOrder {
  number: string;
  /** OrderPlaced's append. */
  appended: AppendResult;
  placed: OrderPlacedData;
  /** The last position the placing wrote (OrderPlaced and what was written beside it). */
  last: LogPosition;
}

/** What commits with OrderPlaced, in its transaction (the checkout's outcome, the gifts, the mail). */
export type AlongsideOrder = (tx: StreamTransaction, placed: OrderPlacedData) => Promise<void>;

/**
 * What the caller knows of `alongside` ahead (issue 28, point 3: fewer round trips). `reads`: the
 * streams it will read, read together with the order's before the place step decides (a hint);
 * `prepare`: work it needs before it runs that writes nothing to the log (the mail sealed), done while
 * the gateway captures.
 */
export interface AlongsideHints {
  reads?: (placed: OrderPlacedData) => readonly string[];
  /**
   * Those of `reads` that few others write (not a campaign's, which every gift writes): read while the
   * gateway captures, so the place step reads nothing after it. One written meanwhile is a conflict,
   * and the place step decides again on fresh reads.
   */
  readAhead?: (placed: OrderPlacedData) => readonly string[];
  prepare?: (placed: OrderPlacedData) => Promise<void>;
}

/**
 * The order saga of one checkout attempt (issue 28, point 3: three writes after the card): authorise
 * the card (and journal the gateway's answer); **reserve** in one transaction: each SKU's stock (at
 * the SKU streams' versions), the limited codes' uses, the journal's order number; capture; **place**
 * in one transaction: OrderPlaced and `alongside`'s events. A step that fails undoes the ones before
 * it (stock back, uses released, authorisation voided or refunded), so a shopper told 'sold out' or
 * 'declined' was charged nothing and took nothing. The card goes first so that a declined card holds
 * nothing, not even for the moment of its authorisation: carts paying again and again with a bad card
 * cannot keep the last copies from real buyers. Capture comes after the stock is held and before the
 * order exists, so a sold-out answer voids (never refunds) and no order or gift stands on money not
 * taken. A check order holds its stock until `holdUntil`, when the server cancels it unless the check
 * arrived (check-holds.ts).
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
  draft: OrderDraft,
  metadata: EventMetadata,
  journal?: OrderJournal,
  alongside?: AlongsideOrder,
  hints: AlongsideHints = {},
): Promise<PlacedOrder> {
  const at = draft.now.toISOString();
  const hold = attemptHold(draft.attemptId);
  const reservations: Reservation[] = [];
  const claims: string[] = [];
  let authorised: string | null = null;
  // Whether a capture may have taken the money: once it was asked (its answer can be lost), or when an
  // earlier run of this attempt may have asked it. Then undo releases (refunds or voids, as the
  // gateway's books say) instead of voiding, which leaves captured money where it is.
  let captureAsked = journal?.resume?.authorised !== undefined;
  let placingAsked = false;
  let numberTaken: string | null = null;
  // SKUs in id order, so two orders of the same items meet their streams in the same order.
  const goods = draft.lines
    .filter((l) => !l.donation && l.skuId !== null)
    .sort((a, b) => (a.skuId ?? 0) - (b.skuId ?? 0));
  try {
    // A resumed attempt whose order stands (placed before its process died): that order is the outcome.
    // Checked before anything else, so no step of it (stock, capture) is taken or given back again.
    const standing = journal?.resume?.number ? await placedOrder(deps.store, journal.resume.number) : null;
    if (standing) return standing;
    const resumed = journal?.resume?.authorised;
    const payment = resumed ? cardPaid(deps.gateway, draft, resumed) : await pay(deps.gateway, draft);
    authorised = payment.reference;
    // The gateway's answer is journaled and the number counted at once: neither waits for the other
    // (the number is taken only once the card was authorised, so a declined card takes none).
    const [number] = await allSettled([
      journal?.resume?.number ?? deps.nextOrderNumber(),
      payment.reference && !resumed
        ? journal?.authorised({ reference: payment.reference, brand: payment.brand ?? "", last4: payment.last4 })
        : undefined,
    ]);
    numberTaken = number;
    const reserved = await runStreamTransaction(
      deps.store,
      RETRY.contended,
      metadata,
      async (tx) => {
        const taken: Reservation[] = [];
        for (const line of goods)
          taken.push(
            await takeStockIn(tx, { skuId: line.skuId ?? 0, quantity: line.quantity, title: line.title }, at, hold),
          );
        const claimed: string[] = [];
        for (const applied of draft.discounts) {
          const terms = draft.discountTerms.get(applied.code);
          if (
            terms &&
            (await claimDiscountUseIn(tx, terms, { claimId: draft.attemptId, customer: draft.customer, at }))
          )
            claimed.push(applied.code);
        }
        if (!journal?.resume?.number) await journal?.numbered(tx, number);
        return { taken, claimed };
      },
      // The streams the body reads, read together rather than one after another.
      {
        queue: true,
        reads: [
          ...goods.map((l) => skuStream(l.skuId ?? 0)),
          ...draft.discounts.map((d) => discountUsesStream(d.code)),
          ...(journal && !journal.resume?.number ? [paymentAttemptStream(draft.attemptId)] : []),
        ],
      },
    );
    reservations.push(...reserved.result.taken);
    claims.push(...reserved.result.claimed);
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
    const capture = async () => {
      if (!payment.reference || payment.status !== "paid") return;
      captureAsked = true;
      await deps.gateway.capture(payment.reference, payment.amountCents);
    };
    // The capture, what the place step needs beforehand (the mail sealed) and its quiet streams' reads
    // go together (a read writes nothing: the crash points are the same).
    const readAhead = new Map(
      (hints.readAhead?.(placed) ?? []).map((id) => {
        const read = deps.store.readStream(id);
        read.catch(() => {}); // a failed read is thrown where the place step awaits it
        return [id, read] as const;
      }),
    );
    await allSettled([capture(), hints.prepare?.(placed)]);
    placingAsked = true;
    const placing = await runStreamTransaction(
      deps.store,
      RETRY.contended,
      metadata,
      async (tx) => {
        const { events } = await tx.run(
          orderStream(number),
          orderDecider,
          (_state, version) => (version >= 0 ? [] : [{ type: "OrderPlaced" as const, data: placed }]),
          { assumeNew: true },
        );
        // The number's stream holds an order already: a resumed attempt's, placed before its process died.
        if (events.length === 0) return false;
        await alongside?.(tx, placed);
        return true;
      },
      // The streams `alongside` reads (the checkout's, the cart, the gifts' campaigns, the mail, the
      // journal) read together rather than one after another.
      { queue: true, reads: hints.reads?.(placed), readAhead },
    );
    if (!placing.result) {
      // The number is this attempt's alone (journaled with it): an order under it is this attempt's,
      // placed by another run of it (resumed after a crash, or by the payment reactor while this run
      // was too slow). That order is the outcome; giving anything back would refund a paid order.
      const earlier = await placedOrder(deps.store, number);
      if (!earlier) throw new WrongExpectedVersionError(orderStream(number), "no-stream", 0);
      authorised = null; // nothing to undo: the order stands
      reservations.length = 0;
      claims.length = 0;
      return earlier;
    }
    return { number, appended: placing.appended.get(orderStream(number))!, placed, last: placing.last! };
  } catch (error) {
    // The reactor owns the attempt and may be finishing it with this card: nothing is given back here.
    if (error instanceof AttemptTakenOverError && error.step === "numbered") throw error;
    // The placing's commit may have landed though its answer was lost: then the order stands.
    if (placingAsked && numberTaken) {
      let standing: PlacedOrder | null;
      try {
        standing = await placedOrder(deps.store, numberTaken);
      } catch (lookup) {
        throw new OrderFateUnknownError(error, lookup);
      }
      // Under this attempt's number: this attempt's order, whichever run of it placed it.
      if (standing?.placed.cartId === draft.cartId) return standing;
    }
    await undo(error);
    throw error;
  }

  async function undo(cause: unknown) {
    const failures: unknown[] = [];
    const attempt = (work: () => Promise<unknown>) => work().catch((e) => failures.push(e));
    if (authorised)
      await attempt(() =>
        captureAsked
          ? releasePayment(deps.gateway, authorised!, draft.totals.totalCents)
          : deps.gateway.void(authorised!),
      );
    // Without appendMany (KurrentDB) a reserve step may have written some streams before it failed:
    // give back whatever names the attempt (both are given back once, however often this runs).
    if (!deps.store.appendMany && reservations.length === 0) {
      for (const line of goods) {
        const { taken, released } = await takenByAttempt(deps.store, line.skuId ?? 0, hold);
        if (taken > 0 && !released) reservations.push({ skuId: line.skuId ?? 0, taken });
      }
      claims.push(...draft.discounts.map((d) => d.code).filter((c) => !claims.includes(c)));
    }
    for (const code of claims) await attempt(() => releaseDiscountUse(deps.store, code, draft.attemptId, at, metadata));
    for (const r of reservations) await attempt(() => releaseStock(deps.store, r, at, metadata, hold));
    if (failures.length) throw new UndoIncompleteError(cause, failures);
  }
}

/**
 * `Promise.all` that waits for every step before it answers or throws (the first failure): an undo
 * never starts while a step of the attempt is still in flight.
 */
async function allSettled<T extends readonly unknown[]>(
  steps: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(steps);
  const failed = settled.find((s) => s.status === "rejected");
  if (failed) throw (failed as PromiseRejectedResult).reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}

/**
 * Gives back what a charge still holds (payment-gateway.ts, `release`). A gateway without `release`
 * is asked to refund, and to void when the refund finds nothing captured to give back.
 */
export async function releasePayment(gateway: PaymentGateway, reference: string, amountCents: number) {
  if (gateway.release) return gateway.release(reference, amountCents);
  try {
    await gateway.refund(reference, amountCents);
  } catch {
    await gateway.void(reference);
  }
}

/** The payment an earlier run of the attempt had authorised (its journal), as `pay` would have answered. */
function cardPaid(
  gateway: PaymentGateway,
  draft: OrderDraft,
  authorised: { reference: string; brand: string; last4: string | null },
): PaymentSummary {
  return {
    type: "card",
    status: "paid",
    amountCents: draft.totals.totalCents,
    gateway: gateway.name,
    brand: authorised.brand,
    last4: authorised.last4,
    reference: authorised.reference,
  };
}

/** The OrderPlaced of an order's stream, as placeOrder answers it; null when the stream holds none. */
async function placedOrder(store: EventStore, number: string): Promise<PlacedOrder | null> {
  const [first] = await store.readStream(orderStream(number));
  if (first?.type !== "OrderPlaced") return null;
  return {
    number,
    appended: { position: first.position, nextExpectedVersion: first.streamPosition },
    placed: first.data as OrderPlacedData,
    last: first.position,
  };
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
