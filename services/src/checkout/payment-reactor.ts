import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import type { EventDefinition, EventMetadata } from "@shop/shared";
import { recordOrderGifts, recordOrderGiftsIn } from "../orders/order-gifts.ts";
import {
  attemptHold,
  placeOrder,
  releasePayment,
  OrderFateUnknownError,
  UndoIncompleteError,
  type PlaceOrderDeps,
} from "../orders/place-order.ts";
import type { StreamTransaction } from "../platform/stream-transaction.ts";
import { releaseDiscountUse } from "../orders/discount-uses.ts";
import { releaseStock, takenByAttempt } from "../orders/stock.ts";
import { startLeaderSweeper, type Sweeper } from "../platform/leader-sweeper.ts";
import type { Logger } from "../platform/logger.ts";
import { commandHandler, RETRY } from "../platform/command-handler.ts";
import { checkoutAttempts } from "./checkout-service.ts";
import type { AttemptLog } from "./payment-attempt.ts";
import {
  finishJournalIn,
  orderDraftOf,
  orderJournal,
  readJournal,
  settleJournal,
  takeOverJournal,
  type AttemptJournal,
} from "./payment-journal.ts";
import { quickCheckoutAttempts } from "./quick-payment.ts";

export interface PaymentReactorDeps extends PlaceOrderDeps {
  db: Kysely<Database>;
  clock: () => Date;
}

/**
 * An attempt whose journal has not moved for this long is taken as abandoned (its process died, or
 * its database connection): the reactor settles it. Longer than a live attempt waits (a gateway call,
 * the statement timeout), but an overloaded process can be slower still: the reactor's take-over
 * (`takeOver` below) then fences the living request off, so the two never both decide.
 */
export const ATTEMPT_QUIET_MS = 30_000;
/** The reaction: code of the outcome recorded when an attempt is undone for lack of an authorisation. */
export const ATTEMPT_ABANDONED = "ATTEMPT_ABANDONED";

/** Unsettled attempts quiet for ATTEMPT_QUIET_MS, oldest first (the payment-attempts read model). */
export async function findAbandonedAttempts(db: Kysely<Database>, now: Date, limit = 100): Promise<string[]> {
  const rows = await db
    .selectFrom("payment_attempts")
    .select("attempt_id")
    .where("settled", "is", null)
    .where("updated_at", "<", new Date(now.getTime() - ATTEMPT_QUIET_MS).toISOString())
    .orderBy("updated_at")
    .limit(limit)
    .execute();
  return rows.map((r) => r.attempt_id);
}

/**
 * Settles one attempt from its journal alone (issue 23, point 1). Paid (a card authorised, or a
 * check or nothing due): it is finished. placeOrder runs again with the journal's authorisation and
 * number; each step takes or claims only what the attempt did not yet (the stock and uses name it),
 * and an order already placed under its number is the outcome. Otherwise it is undone: the stock it
 * took and the uses it claimed go back, naming it, so a second run gives back nothing twice. Either
 * way the shopper's checkout records the outcome (a retry with the Idempotency-Key answers it) and
 * the journal is settled last.
 */
export async function settleAttempt(
  deps: PaymentReactorDeps,
  attemptId: string,
): Promise<"finished" | "undone" | "already settled"> {
  const now = deps.clock();
  const at = now.toISOString();
  const metadata: EventMetadata = { userId: null, correlationId: `payment-reactor-${attemptId}` };
  const journal = await takeOver(deps, attemptId, at, metadata);
  if (!journal) return "already settled";
  const { draft } = journal.started!;
  // Journaled, but its process died before it claimed the checkout: it took nothing, and the shopper's
  // next submit is another attempt. Finishing it would place a second order.
  if (!(await wasClaimed(deps, journal, attemptId))) {
    await undoAttempt(deps, attemptId, journal, at, metadata); // nothing to give back, unless a bug took some
    await settleJournal(deps.store, attemptId, { undone: "NEVER_CLAIMED" }, true, at, metadata);
    return "undone";
  }
  const paid = draft.paymentType !== "card" || journal.authorised !== null;
  // The request recorded a failure on the checkout (its undo did not finish): the shopper was told it
  // failed, so it is undone, never finished, whatever it still holds.
  if (paid && !(await wasRefused(deps, journal, attemptId))) {
    let order: Awaited<ReturnType<typeof placeOrder>>;
    try {
      order = await placeOrder(
        deps,
        orderDraftOf(attemptId, draft, now),
        metadata,
        orderJournal(deps.store, attemptId, deps.clock, metadata, {
          authorised: journal.authorised ?? undefined,
          number: journal.number ?? undefined,
        }),
        // As the request does: the gifts, the outcome and the journal commit with the order.
        async (tx, placed) => {
          if (placed.payment.status !== "awaiting") await recordOrderGiftsIn(tx, placed, now);
          await recordOutcomeIn(tx, journal, attemptId, { completed: placed.number }, at);
          await finishJournalIn(tx, attemptId, placed.number, at);
        },
      );
    } catch (error) {
      // Something is still held (the gateway or the database failed the give-back): not settled, so
      // the next sweep gives back the rest.
      if (error instanceof UndoIncompleteError || error instanceof OrderFateUnknownError) throw error;
      // placeOrder gave back what it held (stock, uses, the payment) before it threw.
      const code = String((error as { code?: unknown }).code ?? "SERVER_ERROR");
      const message = String((error as { message?: unknown }).message ?? "failed");
      await recordOutcome(deps, journal, attemptId, { failed: { code, message } }, at, metadata);
      await settleJournal(deps.store, attemptId, { undone: code }, true, at, metadata);
      return "undone";
    }
    // An order placed by an earlier run, before this one (each of these is idempotent): its gifts, its
    // outcome and the journal, in case that run placed it without them.
    if (order.placed.payment.status !== "awaiting") await recordOrderGifts(deps, order.placed, now, metadata);
    await recordOutcome(deps, journal, attemptId, { completed: order.number }, at, metadata);
    await settleJournal(deps.store, attemptId, { finished: order.number }, true, at, metadata);
    return "finished";
  }
  await undoAttempt(deps, attemptId, journal, at, metadata);
  await recordOutcome(
    deps,
    journal,
    attemptId,
    { failed: { code: ATTEMPT_ABANDONED, message: "The payment was not completed. Please try again." } },
    at,
    metadata,
  );
  await settleJournal(deps.store, attemptId, { undone: ATTEMPT_ABANDONED }, true, at, metadata);
  return "undone";
}

/**
 * The journal, once the reactor took it over (null: nothing to settle). The request that began the
 * attempt may still be running, only slowly: the take-over lands at the version read, so from then on
 * the request records no card and no number, and what the reactor decides from this read (finish with
 * the card recorded, or undo) is what happens. A request that recorded a step meanwhile moves the
 * version: read again.
 */
async function takeOver(
  deps: PaymentReactorDeps,
  attemptId: string,
  at: string,
  metadata: EventMetadata,
): Promise<AttemptJournal | null> {
  for (let tries = 0; ; tries++) {
    const journal = await readJournal(deps.store, attemptId);
    if (!journal.started || journal.settled) return null;
    if (journal.takenOver || (await takeOverJournal(deps.store, journal, attemptId, at, metadata))) return journal;
    // Each lost race is a step the request recorded (it records at most three): a live request wins.
    if (tries === 3) throw new Error(`payment attempt ${attemptId} still moving: left for the next sweep`);
  }
}

/** Gives back what an attempt that was never paid for took: its stock, its uses; voids a card authorised meanwhile. */
async function undoAttempt(
  deps: PaymentReactorDeps,
  attemptId: string,
  journal: AttemptJournal,
  at: string,
  metadata: EventMetadata,
) {
  const draft = journal.started!.draft;
  const hold = attemptHold(attemptId);
  const skuIds = new Set(draft.lines.filter((l) => !l.donation && l.skuId !== null).map((l) => l.skuId!));
  for (const skuId of skuIds) {
    const { taken, released } = await takenByAttempt(deps.store, skuId, hold);
    if (taken > 0 && !released) await releaseStock(deps.store, { skuId, taken }, at, metadata, hold);
  }
  for (const { code } of draft.discounts) await releaseDiscountUse(deps.store, code, attemptId, at, metadata);
  // The process may have died between the gateway's answer and its record: ask the gateway by the key.
  // It may also have died after the capture: release refunds captured money, voids the rest.
  const reference = journal.authorised?.reference ?? (await deps.gateway.authorisationFor?.(attemptId)) ?? null;
  if (reference) await releasePayment(deps.gateway, reference, draft.totals.totalCents);
}

/** Whether the shopper's checkout recorded this attempt as failed (its Failed event names it). */
async function wasRefused(deps: PaymentReactorDeps, journal: AttemptJournal, attemptId: string): Promise<boolean> {
  return (await deps.store.readStream(originStream(journal))).some(
    (e) => /Failed$/.test(e.type) && (e.data as { attemptId?: unknown }).attemptId === attemptId,
  );
}

const originStream = (journal: AttemptJournal) => {
  const origin = journal.started!.origin;
  return origin.kind === "checkout" ? checkoutAttempts(origin.cartId, null).stream : origin.stream;
};

/** Whether the attempt claimed its checkout (the claim's Started event names it). */
async function wasClaimed(deps: PaymentReactorDeps, journal: AttemptJournal, attemptId: string): Promise<boolean> {
  if (journal.authorised || journal.number) return true; // both come after the claim
  return (await deps.store.readStream(originStream(journal))).some(
    (e) => /Started$/.test(e.type) && (e.data as { attemptId?: unknown }).attemptId === attemptId,
  );
}

type Outcome = { completed: string } | { failed: { code: string; message: string } };

/** The attempt's log (the checkout's or the quick checkout's), as the journal's origin names it. */
function withAttemptLog<R>(
  journal: AttemptJournal,
  use: <State extends { version: number; attempt: { attemptId: string } | null }, D extends readonly EventDefinition[]>(
    log: AttemptLog<State, D>,
  ) => R,
): R {
  const origin = journal.started!.origin;
  return origin.kind === "checkout"
    ? use(checkoutAttempts(origin.cartId, origin.idempotencyKey))
    : use(quickCheckoutAttempts(origin.stream, origin.sku));
}

/** The outcome's event, while the log's attempt is still this one (else nothing: recorded once). */
const outcomeEvents = <State extends { attempt: { attemptId: string } | null }, D extends readonly EventDefinition[]>(
  log: AttemptLog<State & { version: number }, D>,
  state: State,
  attemptId: string,
  outcome: Outcome,
  at: string,
) =>
  state.attempt?.attemptId !== attemptId
    ? []
    : [
        "completed" in outcome
          ? log.completed(attemptId, outcome.completed, at)
          : log.failed(attemptId, outcome.failed, at),
      ];

/** The outcome on the shopper's checkout (or quick checkout), once: a retry of the payment answers it. */
async function recordOutcome(
  deps: PaymentReactorDeps,
  journal: AttemptJournal,
  attemptId: string,
  outcome: Outcome,
  at: string,
  metadata: EventMetadata,
) {
  await withAttemptLog(journal, (log) =>
    commandHandler(log.decider, RETRY.contended)(
      deps.store,
      log.stream,
      (state) => outcomeEvents(log, state, attemptId, outcome, at),
      { metadata },
    ),
  );
}

/** `recordOutcome` inside the transaction that places the order. */
async function recordOutcomeIn(
  tx: StreamTransaction,
  journal: AttemptJournal,
  attemptId: string,
  outcome: Outcome,
  at: string,
) {
  await withAttemptLog(journal, (log) =>
    tx.run(log.stream, log.decider, (state) => outcomeEvents(log, state, attemptId, outcome, at)),
  );
}

/** The leader's reactor: every 10 s it settles the attempts a dead process left (one process across the cluster). */
export function startPaymentReactor(
  deps: PaymentReactorDeps & { log: Pick<Logger, "error">; isLeader: () => boolean; intervalMs?: number },
): Sweeper {
  return startLeaderSweeper({
    what: "payment attempt settle",
    isLeader: deps.isLeader,
    log: deps.log,
    intervalMs: deps.intervalMs ?? 10_000,
    due: () => findAbandonedAttempts(deps.db, deps.clock()),
    handle: (attemptId) => settleAttempt(deps, attemptId),
    describe: (attemptId) => ({ attempt: attemptId }),
  });
}
