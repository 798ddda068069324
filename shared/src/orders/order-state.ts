import type { z } from "zod";
import type { EventOf } from "../event-registry.ts";
import type { OrderPlaced, orderEvents } from "./events.ts";

type Placed = z.infer<typeof OrderPlaced.schema>;
type OrderStreamEvent = EventOf<typeof orderEvents>;

/** An order folded from its stream: what the staff actions decide on and the staff pages show. */
export interface OrderState {
  placed: Placed | null;
  /** Money received: the card charge at placing, or the check when it arrived. */
  paidCents: number;
  refundedCents: number;
  awaitingPayment: boolean;
  /** An unpaid check order: when the server cancels it unless the check arrives (null: no hold). */
  holdUntil: string | null;
  trackingNumber: string | null;
  cancelled: boolean;
  /** The order gave back its stock and discount uses (OrderReleased). */
  released: boolean;
  /** The buyer's bank disputes the payment (OrderDisputeOpened, until OrderDisputeClosed). */
  disputed: boolean;
}

export const initialOrderState: OrderState = {
  placed: null,
  paidCents: 0,
  refundedCents: 0,
  awaitingPayment: false,
  holdUntil: null,
  trackingNumber: null,
  cancelled: false,
  released: false,
  disputed: false,
};

/** Pure: one event applied to the order. */
export function evolveOrder(state: OrderState, event: OrderStreamEvent): OrderState {
  switch (event.type) {
    case "OrderPlaced":
      return {
        ...state,
        placed: event.data,
        paidCents: event.data.payment.status === "paid" ? event.data.payment.amountCents : 0,
        awaitingPayment: event.data.payment.status === "awaiting",
        holdUntil: event.data.payment.status === "awaiting" ? (event.data.holdUntil ?? null) : null,
      };
    case "OrderShipped":
      return { ...state, trackingNumber: event.data.trackingNumber };
    case "OrderCancelled":
    case "OrderHoldExpired":
      return { ...state, cancelled: true, holdUntil: null };
    case "OrderCheckReceived":
      return {
        ...state,
        awaitingPayment: false,
        holdUntil: null,
        paidCents: state.paidCents + event.data.amountCents,
      };
    case "OrderRefunded":
      return { ...state, refundedCents: state.refundedCents + event.data.amountCents };
    case "OrderRefundFailed":
      return { ...state, refundedCents: state.refundedCents - event.data.amountCents };
    case "OrderReleased":
      return { ...state, released: true };
    case "OrderDisputeOpened":
      return { ...state, disputed: true };
    case "OrderDisputeClosed":
      return { ...state, disputed: false };
  }
}

/** What is left to refund: paid minus refunded. */
export const refundableCents = (state: OrderState) => Math.max(0, state.paidCents - state.refundedCents);

/** The payment's status: paid, awaiting, refunded, partly refunded, none. */
export function paymentStateStatus(state: OrderState): string {
  if (state.awaitingPayment) return "awaiting";
  if (state.paidCents === 0) return "none";
  if (state.refundedCents >= state.paidCents) return "refunded";
  if (state.refundedCents > 0) return "partly refunded";
  return "paid";
}
