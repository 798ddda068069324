import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import {
  CheckoutInProgressError,
  WrongExpectedVersionError,
  campaignStream,
  orderCompletePath,
  orderViewOf,
  paymentAttemptStream,
  type AppendResult,
  type CheckoutPlacedAnswer,
  type DomainError,
  type EventDefinition,
  type EventMetadata,
  type EventOf,
  type LogPosition,
  type AttemptOrigin,
  type OrderPersonal,
  type OrderTotals,
  type PaymentAttemptEvent,
} from "@shop/shared";
import { commandHandler, RETRY, type Decider } from "../platform/command-handler.ts";
import { appendWrites } from "../eventstore/append-writes.ts";
import { orderConfirmationStream, sealedOrderConfirmation } from "../orders/order-confirmation-mail.ts";
import {
  placeOrder,
  AttemptTakenOverError,
  OrderFateUnknownError,
  UndoIncompleteError,
  type OrderDraft,
  type PlaceOrderDeps,
  type PlacedOrder,
} from "../orders/place-order.ts";
import type { StreamTransaction } from "../platform/stream-transaction.ts";
import { checkCardAttempt, countIfDeclined, type CardAttemptThrottle } from "../payments/card-attempts.ts";
import type { PaymentChoice } from "./decide.ts";
import { sealOrderPersonal } from "./checkout-personal.ts";
import { finishJournalIn, journalStarted, orderJournal, settleJournal } from "./payment-journal.ts";

export interface PaymentAttemptDeps extends PlaceOrderDeps {
  db: Kysely<Database>;
  clock: () => Date;
  /** Declined card attempts per checkout, address and card. */
  cardAttempts: CardAttemptThrottle;
  /** SITE_URL: the links in the order's confirmation. */
  siteUrl: string;
}

/** The stream a payment attempt claims, and the events that record its attempts (the checkout's or a quick checkout's). */
export interface AttemptLog<State extends { version: number }, Definitions extends readonly EventDefinition[]> {
  stream: string;
  /** Names this log in the attempt's journal, so the payment reactor can record an outcome here too. */
  origin: AttemptOrigin;
  decider: Decider<State, Definitions>;
  /** The attempt placing the order now, if any. */
  attemptOf: (state: State) => { at: string } | null;
  started: (attemptId: string, at: string) => EventOf<Definitions>;
  failed: (attemptId: string, refusal: { code: string; message: string }, at: string) => EventOf<Definitions>;
  completed: (attemptId: string, orderNumber: string, at: string) => EventOf<Definitions>;
}

/** What a checkout pays for: the order draft (but its attempt and time) and the buyer's personal data, in clear. */
export interface AttemptOrder {
  draft: Omit<OrderDraft, "attemptId" | "now" | "payment" | "totals" | "personal">;
  personal: OrderPersonal;
  /** The buyer: their key seals the order's personal data and its mail. */
  person: string;
  /** The buyer's key when the caller read it already (opening the checkout): both are sealed without a read. */
  key?: Buffer;
}

/** The steps a checkout gives the attempt, on the state it loaded (`Loaded` holds the stream's state and what it read beside it). */
export interface AttemptSteps<Loaded> {
  load: () => Promise<Loaded>;
  /** The order a repeated submit answers (this Idempotency-Key's, or the round's), or null. */
  placedOf: (loaded: Loaded) => string | null;
  /** Checks the submit and decides its totals and payment; throws a refusal before anything is claimed or paid. */
  payment: (loaded: Loaded, now: Date) => { payment: PaymentChoice; totals: OrderTotals };
  /** The order to place, once the card is within its limits. */
  order: (loaded: Loaded) => Promise<AttemptOrder>;
  /** What commits with the order, in its transaction (thermometers, the cart emptied); must not write itself. */
  afterOrder?: (tx: StreamTransaction, loaded: Loaded, placed: Placed, now: Date) => Promise<void>;
  /** The streams `afterOrder` reads besides the gifts' campaigns (the cart), read with the place step's others. */
  afterOrderReads?: (loaded: Loaded) => readonly string[];
}

type Placed = Awaited<ReturnType<typeof placeOrder>>["placed"];

export interface AttemptRequest {
  metadata: EventMetadata;
  /** The checkout the card attempts count by (`cart:{id}`, `quick:{id}`) and the client's address. */
  cardLimits: { checkout: string; address: string };
}

/**
 * An attempt unsettled for this long is taken as lost: the next submit may start another. The payment
 * reactor settles a dead process's attempt (and records its outcome here) within about 40 s; this is
 * the backstop for a shop whose reactor is not running, long enough that it never races the reactor.
 */
const ATTEMPT_LOST_MS = 10 * 60_000;
const WAIT_STEP_MS = 50;

/**
 * The attempts this process runs now, per store and attempt log's stream: a double submit's twin in
 * the same process waits for its attempt to end instead of loading the checkout again every 50 ms.
 * A twin whose attempt runs in another process polls.
 */
const running = new WeakMap<object, Map<string, Promise<void>>>();

function runningOn(store: object): Map<string, Promise<void>> {
  const streams = running.get(store) ?? new Map<string, Promise<void>>();
  running.set(store, streams);
  return streams;
}
/** How long a submit waits for another submit's attempt before answering 'in progress'. */
const WAIT_LIMIT_MS = 30_000;

export const placedAnswer = (number: string): CheckoutPlacedAnswer => ({
  metadata: { success: true, errors: [] },
  order: { number },
  redirect: orderCompletePath(number),
});

/**
 * One payment attempt, for the four-step and the quick checkout alike: the submit claims its stream
 * (first writer wins: of two submits at once only one pays, the other waits for its outcome), places
 * the order (stock, discount uses, payment, OrderPlaced), records the outcome, runs `afterOrder` and
 * queues the confirmation mail. A repeated submit answers the order already placed.
 */
export async function runPaymentAttempt<
  State extends { version: number },
  Definitions extends readonly EventDefinition[],
  Loaded extends { state: State },
>(
  deps: PaymentAttemptDeps,
  log: AttemptLog<State, Definitions>,
  steps: AttemptSteps<Loaded>,
  request: AttemptRequest,
): Promise<{ answer: CheckoutPlacedAnswer; appended?: AppendResult; lastWrite?: LogPosition }> {
  // The outcome follows the claim whatever else the stream got meanwhile (a step of the checkout).
  const record = commandHandler(log.decider, RETRY.contended);
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const loaded = await steps.load();
    const { state } = loaded;
    const known = steps.placedOf(loaded);
    if (known) return { answer: placedAnswer(known) };
    const now = deps.clock();
    const attempt = log.attemptOf(state);
    const streams = runningOn(deps.store);
    const here = streams.get(log.stream);
    // An attempt claimed the log, or a submit of this process is about to claim it: wait for it.
    if (here || (attempt && now.getTime() - Date.parse(attempt.at) < ATTEMPT_LOST_MS)) {
      const left = deadline - Date.now();
      if (left < 0) throw new CheckoutInProgressError();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        here,
        new Promise((r) => {
          timer = setTimeout(r, here ? left : WAIT_STEP_MS);
        }),
      ]);
      clearTimeout(timer);
      continue;
    }
    // From here until the attempt ends, a twin of this submit in this process waits for it (above)
    // rather than reading the card limits, sealing and claiming only to lose the claim.
    let ended = () => {};
    const ends = new Promise<void>((r) => {
      ended = r;
    });
    streams.set(log.stream, ends);
    try {
      const { payment, totals } = steps.payment(loaded, now);
      // The card's limits and the order's personal data are read at once (a refused card wastes a read).
      const [cardKeys, { draft, personal, person, key }] = await Promise.all([
        checkCardAttempt(deps.cardAttempts, payment, request.cardLimits),
        steps.order(loaded),
      ]);
      const attemptId = randomUUID();
      const at = now.toISOString();
      const orderDraft = {
        ...draft,
        attemptId,
        payment,
        totals,
        now,
        personal: await sealOrderPersonal(deps.db, person, personal, key),
      };
      // The journal and the claim in one transaction: a process that dies after claiming always leaves
      // the payment reactor an attempt to settle (and the checkout's outcome to record), never a checkout
      // stuck 'in progress'; a claim that loses writes no journal either.
      const started = journalStarted(attemptId, log.origin, orderDraft, at);
      if (!(await claimWithJournal(deps, log, state.version, attemptId, started, at, request.metadata))) continue;
      return await attemptClaimed(attemptId, at, orderDraft, started, loaded, cardKeys, personal, person, key);
    } finally {
      if (streams.get(log.stream) === ends) streams.delete(log.stream);
      ended();
    }
  }

  /** The attempt, once it claimed the log: the order placed and the outcome recorded. */
  async function attemptClaimed(
    attemptId: string,
    at: string,
    orderDraft: OrderDraft,
    started: PaymentAttemptEvent,
    loaded: Loaded,
    cardKeys: Awaited<ReturnType<typeof checkCardAttempt>>,
    personal: OrderPersonal,
    person: string,
    key: Buffer | undefined,
  ): Promise<{ answer: CheckoutPlacedAnswer; appended?: AppendResult; lastWrite?: LogPosition }> {
    const now = orderDraft.now;
    const outcome = (event: EventOf<Definitions>) =>
      record(deps.store, log.stream, () => [event], { metadata: request.metadata });
    let order: PlacedOrder;
    let mail: ((tx: StreamTransaction) => Promise<void>) | undefined;
    try {
      // After the card: the reserve step, the capture, then OrderPlaced with everything that follows
      // from it in one transaction (the outcome here, the gifts, the cart, the mail, the journal settled).
      order = await placeOrder(
        deps,
        orderDraft,
        request.metadata,
        orderJournal(deps.store, attemptId, deps.clock, request.metadata, undefined, started),
        async (tx, placed) => {
          await tx.run(log.stream, log.decider, () => [log.completed(attemptId, placed.number, at)]);
          await steps.afterOrder?.(tx, loaded, placed, now);
          mail ??= await sealedOrderConfirmation(deps, orderViewOf(placed, personal), person, placed.holdUntil, key);
          await mail(tx);
          await finishJournalIn(tx, attemptId, placed.number, at);
        },
        {
          reads: (placed) => [
            log.stream,
            ...placed.lines.flatMap((l) => (l.donation?.campaign ? [campaignStream(l.donation.campaign)] : [])),
            ...(steps.afterOrderReads?.(loaded) ?? []),
            orderConfirmationStream(orderViewOf(placed, personal)),
            paymentAttemptStream(attemptId),
          ],
          // All but the campaigns' (every gift writes those: read after the capture, as fresh as may be).
          readAhead: (placed) => [
            log.stream,
            ...(steps.afterOrderReads?.(loaded) ?? []),
            orderConfirmationStream(orderViewOf(placed, personal)),
            paymentAttemptStream(attemptId),
          ],
          // The mail is sealed (a key read) while the gateway captures, not in the place step.
          prepare: async (placed) => {
            mail = await sealedOrderConfirmation(deps, orderViewOf(placed, personal), person, placed.holdUntil, key);
          },
        },
      );
    } catch (thrown) {
      // Whether the order landed is unknown: nothing was given back, so nothing is recorded as failed
      // either (a retry with the key waits for the attempt); the payment reactor settles it from the log.
      if (thrown instanceof OrderFateUnknownError) throw thrown.cause;
      // Too slow: the payment reactor took the attempt over and records its outcome here. The shopper
      // hears 'in progress'; a retry with the same Idempotency-Key answers what the reactor decided.
      if (thrown instanceof AttemptTakenOverError) throw new CheckoutInProgressError();
      // Not all given back (the gateway or the database failed the undo): the shopper hears why it
      // failed, the failure is recorded, and the journal stays open, so the payment reactor releases
      // the rest once the attempt is quiet (it undoes an attempt its checkout recorded as failed).
      const incomplete = thrown instanceof UndoIncompleteError;
      const error = incomplete ? thrown.cause : thrown;
      await countIfDeclined(deps.cardAttempts, cardKeys, error);
      const refusal = error as Partial<DomainError>;
      const code = String(refusal.code ?? "SERVER_ERROR");
      const message = String(refusal.message ?? "failed");
      await outcome(log.failed(attemptId, { code, message }, at));
      if (!incomplete) await settleJournal(deps.store, attemptId, { undone: code }, false, at, request.metadata);
      throw error;
    }
    // The placing's last write holds the gifts and the mail too: once the read models reach it, all is there.
    return { answer: placedAnswer(order.number), appended: order.appended, lastWrite: order.last };
  }
}

/**
 * Appends the journal's PaymentAttemptStarted and the log's claim together, the claim at the version
 * the submit loaded (all or nothing with `appendMany`). Answers false when another submit claimed
 * first. Without `appendMany` the journal goes first and a lost claim settles it at once.
 */
async function claimWithJournal<State extends { version: number }, Definitions extends readonly EventDefinition[]>(
  deps: PaymentAttemptDeps,
  log: AttemptLog<State, Definitions>,
  version: number,
  attemptId: string,
  started: PaymentAttemptEvent,
  at: string,
  metadata: EventMetadata,
): Promise<boolean> {
  const event = (e: { type: string; data: unknown }) => ({ type: e.type, data: e.data, metadata });
  try {
    await appendWrites(deps.store, [
      {
        streamId: paymentAttemptStream(attemptId),
        expectedVersion: "no-stream",
        events: [event(started)],
      },
      {
        streamId: log.stream,
        expectedVersion: version < 0 ? "no-stream" : version,
        events: [event(log.started(attemptId, at))],
      },
    ]);
    return true;
  } catch (error) {
    if (!(error instanceof WrongExpectedVersionError)) throw error;
    if (!deps.store.appendMany)
      await settleJournal(deps.store, attemptId, { undone: "CLAIMED_BY_ANOTHER_SUBMIT" }, false, at, metadata);
    return false; // another submit got there first: wait for it
  }
}
