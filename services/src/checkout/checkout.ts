import { checkoutEvents, type Billing, type CheckoutEvent, type Delivery, type SealedOrClear } from "@shop/shared";

export interface PaymentAttempt {
  attemptId: string;
  idempotencyKey: string | null;
  at: string;
}

/**
 * A checkout as its stream folds it: the steps given since the last completed order, and every order
 * it placed. The billing and delivery stay sealed here (evolve is pure); the service opens them.
 */
export interface Checkout {
  billing: { billing: SealedOrClear<Billing>; userId: string | null } | null;
  delivery: { delivery: SealedOrClear<Delivery>; ships: boolean; digital: boolean } | null;
  shipping: { method: string; label: string; cents: number; cartVersion: number } | null;
  /** The attempt placing the order now, if any. */
  attempt: PaymentAttempt | null;
  /** The order of the current round, once placed: a repeated submit answers it. */
  placed: string | null;
  /** Idempotency keys of every attempt that placed an order, with its number. */
  keys: Record<string, string>;
  /**
   * Payment attempts that ended (placed or failed): a payment confirmed in the browser is made for
   * one round (`paymentTag`), so it cannot pay for a later order or after its attempt failed.
   */
  round: number;
  /** Stream position of the last event; -1 for a new checkout. */
  version: number;
}

export const newCheckout = (): Checkout => ({
  billing: null,
  delivery: null,
  shipping: null,
  attempt: null,
  placed: null,
  keys: {},
  round: 0,
  version: -1,
});

/** The tag of the checkout's current payment round (Stripe's PaymentIntent carries it in its metadata). */
export const paymentTag = (cartId: string, checkout: Checkout) => `${cartId}.r${checkout.round}`;

export const checkoutDecider = {
  initialState: newCheckout,
  events: checkoutEvents,
  skip: (state: Checkout): Checkout => ({ ...state, version: state.version + 1 }),
  evolve(state: Checkout, event: CheckoutEvent): Checkout {
    const next = { ...state, version: state.version + 1 };
    switch (event.type) {
      case "CheckoutBillingGiven":
        // After a completed order, the billing step starts the next checkout; before, it keeps the later steps.
        return state.placed
          ? {
              ...newCheckout(),
              keys: state.keys,
              round: state.round,
              version: next.version,
              billing: { billing: event.data.billing, userId: event.data.userId },
            }
          : { ...next, billing: { billing: event.data.billing, userId: event.data.userId } };
      case "CheckoutDeliveryGiven": {
        const { delivery, ships, digital } = event.data;
        return { ...next, delivery: { delivery, ships, digital } };
      }
      case "CheckoutShippingChosen": {
        const { method, label, cents, cartVersion } = event.data;
        return { ...next, shipping: { method, label, cents, cartVersion } };
      }
      case "CheckoutPaymentStarted":
        return {
          ...next,
          attempt: { attemptId: event.data.attemptId, idempotencyKey: event.data.idempotencyKey, at: event.data.at },
        };
      case "CheckoutPaymentFailed":
        return {
          ...next,
          attempt: state.attempt?.attemptId === event.data.attemptId ? null : state.attempt,
          round: state.round + 1,
        };
      case "CheckoutCompleted": {
        const keys = event.data.idempotencyKey
          ? { ...state.keys, [event.data.idempotencyKey]: event.data.orderNumber }
          : state.keys;
        return { ...next, attempt: null, placed: event.data.orderNumber, keys, round: state.round + 1 };
      }
      default: {
        event satisfies never;
        return next;
      }
    }
  },
};
