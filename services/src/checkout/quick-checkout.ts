import { quickCheckoutEvents, type QuickCheckoutEvent } from "@shop/shared";

/** One Idempotency-Key's submits as their stream folds them. */
export interface QuickCheckout {
  /** The attempt placing the order now, if any. */
  attempt: { attemptId: string; at: string } | null;
  /** The order the key placed: every repeat answers it. */
  placed: string | null;
  /** Stream position of the last event; -1 for a key not seen. */
  version: number;
}

export const newQuickCheckout = (): QuickCheckout => ({ attempt: null, placed: null, version: -1 });

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
        return state.attempt?.attemptId === event.data.attemptId ? { ...next, attempt: null } : next;
      case "QuickCheckoutCompleted":
        return { ...next, attempt: null, placed: event.data.orderNumber };
      default: {
        event satisfies never;
        return next;
      }
    }
  },
};
