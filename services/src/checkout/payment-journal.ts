import {
  WrongExpectedVersionError,
  paymentAttemptEvents,
  paymentAttemptStream,
  type AttemptDraft,
  type AttemptOrigin,
  type EventMetadata,
  type EventStore,
  type PaymentAttemptEvent,
} from "@shop/shared";
import { commandHandler, foldStream, RETRY, type Decider } from "../platform/command-handler.ts";
import { AttemptTakenOverError, type OrderDraft, type OrderJournal } from "../orders/place-order.ts";
import type { StreamTransaction } from "../platform/stream-transaction.ts";
import type { PaymentChoice } from "./decide.ts";

/** What one attempt's journal says (`payment-attempt-{id}`): how far it got, and whether it is settled. */
export interface AttemptJournal {
  started: { origin: AttemptOrigin; draft: AttemptDraft; at: string } | null;
  authorised: { reference: string; brand: string; last4: string | null } | null;
  number: string | null;
  settled: "finished" | "undone" | null;
  /** The payment reactor took it over: the request that began it may record no card and no number. */
  takenOver: boolean;
  version: number;
}

export const journalDecider: Decider<AttemptJournal, typeof paymentAttemptEvents> = {
  initialState: () => ({
    started: null,
    authorised: null,
    number: null,
    settled: null,
    takenOver: false,
    version: -1,
  }),
  events: paymentAttemptEvents,
  evolve(state, event: PaymentAttemptEvent) {
    const version = state.version + 1;
    switch (event.type) {
      case "PaymentAttemptStarted":
        return {
          ...state,
          version,
          started: { origin: event.data.origin, draft: event.data.draft, at: event.data.at },
        };
      case "PaymentAttemptAuthorised": {
        const { reference, brand, last4 } = event.data;
        return { ...state, version, authorised: { reference, brand, last4 } };
      }
      case "PaymentAttemptNumbered":
        return { ...state, version, number: event.data.number };
      case "PaymentAttemptFinished":
        return { ...state, version, settled: "finished" };
      case "PaymentAttemptUndone":
        return { ...state, version, settled: "undone" };
      case "PaymentAttemptTakenOver":
        return { ...state, version, takenOver: true };
      default: {
        event satisfies never;
        return state;
      }
    }
  },
};

/** A step of the journal: one writer at a time (the request, or the reactor once it went quiet). */
const record = commandHandler(journalDecider, RETRY.once);

export async function readJournal(store: EventStore, attemptId: string): Promise<AttemptJournal> {
  return foldStream(journalDecider, await store.readStream(paymentAttemptStream(attemptId)));
}

/** The draft as the journal keeps it: the card itself is never in it (only the gateway's answer, later). */
export function attemptDraftOf(draft: OrderDraft): AttemptDraft {
  return {
    cartId: draft.cartId,
    userId: draft.userId,
    customer: draft.customer,
    personal: draft.personal,
    ships: draft.ships,
    lines: draft.lines,
    discounts: draft.discounts,
    discountTerms: [...draft.discountTerms.values()],
    shippingMethod: draft.shippingMethod,
    totals: draft.totals,
    paymentType: draft.payment.type,
  };
}

/**
 * The order draft again, from the journal, for the reactor's finish. A card attempt is finished only
 * once it was authorised (its payment then comes from the journal, never from a card), so its
 * `payment` here is never charged.
 */
export function orderDraftOf(attemptId: string, draft: AttemptDraft, now: Date): OrderDraft {
  const payment: PaymentChoice =
    draft.paymentType === "card"
      ? { type: "card", source: { confirmed: { reference: "", tag: "resumed" } } }
      : { type: draft.paymentType };
  return {
    attemptId,
    cartId: draft.cartId,
    userId: draft.userId,
    customer: draft.customer,
    personal: draft.personal,
    ships: draft.ships,
    lines: draft.lines,
    discounts: draft.discounts,
    discountTerms: new Map(draft.discountTerms.map((t) => [t.code, t])),
    shippingMethod: draft.shippingMethod,
    totals: draft.totals,
    payment,
    now,
  };
}

/** Step 0, before anything is paid or taken: the journal's stream is new (an attempt id is fresh). */
export async function startJournal(
  store: EventStore,
  attemptId: string,
  origin: AttemptOrigin,
  draft: OrderDraft,
  at: string,
  metadata: EventMetadata,
): Promise<void> {
  await record(
    store,
    paymentAttemptStream(attemptId),
    () => [{ type: "PaymentAttemptStarted", data: { attemptId, origin, draft: attemptDraftOf(draft), at } }],
    { metadata, assumeNew: true },
  );
}

/** A request's record after the reactor took its attempt over (or settled it) would contradict the reactor. */
function fenceOff(journal: AttemptJournal, step: AttemptTakenOverError["step"]) {
  if (journal.takenOver || journal.settled) throw new AttemptTakenOverError(step);
}

/** The journal placeOrder writes its steps to; `resume` for a reactor's run of an attempt begun before. */
export function orderJournal(
  store: EventStore,
  attemptId: string,
  clock: () => Date,
  metadata: EventMetadata,
  resume?: OrderJournal["resume"],
  /** The journal's first event, when this request's claim appended it: the card's record then skips its read. */
  started?: PaymentAttemptEvent,
): OrderJournal {
  const stream = paymentAttemptStream(attemptId);
  const at = () => clock().toISOString();
  return {
    resume,
    async authorised(payment) {
      await record(
        store,
        stream,
        (journal) => {
          if (!resume) fenceOff(journal, "authorised");
          return [{ type: "PaymentAttemptAuthorised", data: { attemptId, ...payment, at: at() } }];
        },
        {
          metadata,
          known: started
            ? { state: journalDecider.evolve(journalDecider.initialState(), started), version: 0 }
            : undefined,
        },
      );
    },
    async numbered(tx, number) {
      await tx.run(stream, journalDecider, (journal) => {
        if (!resume) fenceOff(journal, "numbered");
        return [{ type: "PaymentAttemptNumbered" as const, data: { attemptId, number, at: at() } }];
      });
    },
  };
}

/** The journal's first event, for the transaction that also claims the checkout (`started` of an AttemptLog). */
export function journalStarted(
  attemptId: string,
  origin: AttemptOrigin,
  draft: OrderDraft,
  at: string,
): PaymentAttemptEvent {
  return { type: "PaymentAttemptStarted", data: { attemptId, origin, draft: attemptDraftOf(draft), at } };
}

/** The reactor's first write: the attempt is its own from here (at the version it read, else null: read again). */
export async function takeOverJournal(
  store: EventStore,
  journal: AttemptJournal,
  attemptId: string,
  at: string,
  metadata: EventMetadata,
): Promise<boolean> {
  try {
    await store.append(
      paymentAttemptStream(attemptId),
      [{ type: "PaymentAttemptTakenOver", data: { attemptId, at }, metadata }],
      { expectedVersion: journal.version },
    );
    return true;
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) return false;
    throw error;
  }
}

/** The request's last step, inside the transaction that places the order: finished with it. */
export async function finishJournalIn(tx: StreamTransaction, attemptId: string, number: string, at: string) {
  await tx.run(paymentAttemptStream(attemptId), journalDecider, (journal) =>
    journal.settled
      ? []
      : [{ type: "PaymentAttemptFinished" as const, data: { attemptId, number, resumed: false, at } }],
  );
}

/** The last step: settled one way or the other (a settled journal writes nothing more). */
export async function settleJournal(
  store: EventStore,
  attemptId: string,
  outcome: { finished: string } | { undone: string },
  resumed: boolean,
  at: string,
  metadata: EventMetadata,
): Promise<void> {
  await record(
    store,
    paymentAttemptStream(attemptId),
    (journal) =>
      journal.settled
        ? []
        : "finished" in outcome
          ? [{ type: "PaymentAttemptFinished", data: { attemptId, number: outcome.finished, resumed, at } }]
          : [{ type: "PaymentAttemptUndone", data: { attemptId, reason: outcome.undone, resumed, at } }],
    { metadata },
  );
}
