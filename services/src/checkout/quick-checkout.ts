import { quickCheckoutEvents, type QuickCheckoutEvent } from "@shop/shared";

/** One Idempotency-Key's submits as their stream folds them. */
export interface QuickCheckout {
  /** The attempt placing the order now, if any. */
  attempt: { attemptId: string; at: string } | null;
  /** The order the key placed: every repeat answers it. */
  placed: string | null;
  /**
   * Attempts that failed: a payment confirmed in the browser (Stripe) is made for one round
   * (`quickPaymentTag`), so one whose attempt failed (and was given back) cannot pay a later submit.
   */
  round: number;
  /** Stream position of the last event; -1 for a key not seen. */
  version: number;
}

export const newQuickCheckout = (): QuickCheckout => ({ attempt: null, placed: null, round: 0, version: -1 });

export const quickCheckoutDecider = {
  initialState: newQuickCheckout,
  events: quickCheckoutEvents,
  skip: (state: QuickCheckout): QuickCheckout => ({ ...state, version: state.version + 1 }),
  evolve(state: QuickCheckout, event: QuickCheckoutEvent): QuickCheckout {
    const next = { ...state, version: state.version + 1 };
    switch (event.type) {
      case "QuickCheckoutStarted":
        return { ...next, attempt: { attemptId: event.data.attemptId, at: event.data.at } };
      case "QuickCheckoutFailed":
        return state.attempt?.attemptId === event.data.attemptId
          ? { ...next, attempt: null, round: state.round + 1 }
          : next;
      case "QuickCheckoutCompleted":
        return { ...next, attempt: null, placed: event.data.orderNumber };
      default: {
        event satisfies never;
        return next;
      }
    }
  },
};

/**
 * The tag of the payment the browser confirms for this key's stream and round (Stripe's PaymentIntent
 * metadata). A monthly gift's first month is tagged apart: its intent keeps the card for the next
 * months (`setup_future_usage`), so an intent made for a one-off gift cannot start a monthly one
 * (Stripe may refuse to charge its card off-session), nor the other way round.
 */
export const quickPaymentTag = (stream: string, state: QuickCheckout, monthly = false) =>
  `${stream}.r${state.round}${monthly ? ".monthly" : ""}`;
