import type { OrderEvent } from "./events.ts";
import { refundableCents, type OrderState } from "./order-state.ts";

/**
 * The states of an order. `placed`: placed with nothing to pay (a free order); `awaiting check`:
 * a check or money order is due (the check hold runs); `paid`: the money is in, nothing given back;
 * `partially refunded`: part of it given back, nothing shipped; `shipped`: the goods left (refunds
 * in part keep it shipped); `refunded`: all that was paid given back; `cancelled`: staff or the check
 * hold's end cancelled it (what was paid can still be refunded); `disputed`: the buyer's bank
 * disputes the payment, and nothing moves until the dispute is closed.
 */
export const ORDER_STATUSES = [
  "placed",
  "awaiting check",
  "paid",
  "partially refunded",
  "shipped",
  "refunded",
  "cancelled",
  "disputed",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * What moves an order: the staff actions (ship, cancel, receive check, refund: in full or in part),
 * the server's end of a check hold, and the bank's dispute. A failed refund (OrderRefundFailed) is
 * not a move: it undoes the refund, and the status is derived again from the folded order.
 */
export const ORDER_ACTIONS = [
  "ship",
  "cancel",
  "receive check",
  "refund",
  "refund in part",
  "expire hold",
  "open dispute",
  "close dispute",
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** The actions staff take on the order page (each a button). */
export const STAFF_ORDER_ACTIONS = ["ship", "cancel", "receive check", "refund"] as const satisfies OrderAction[];

/** Closing a dispute puts the order back in the state the dispute found it in. */
export const RESUME = "resume";

/** The one transition table: for each state, the actions it allows and the state each leads to. */
export const ORDER_TRANSITIONS: Record<OrderStatus, Partial<Record<OrderAction, OrderStatus | typeof RESUME>>> = {
  placed: { ship: "shipped", cancel: "cancelled" },
  "awaiting check": { "receive check": "paid", cancel: "cancelled", "expire hold": "cancelled" },
  paid: {
    ship: "shipped",
    cancel: "cancelled",
    refund: "refunded",
    "refund in part": "partially refunded",
    "open dispute": "disputed",
  },
  "partially refunded": {
    ship: "shipped",
    cancel: "cancelled",
    refund: "refunded",
    "refund in part": "partially refunded",
    "open dispute": "disputed",
  },
  shipped: { refund: "refunded", "refund in part": "shipped", "open dispute": "disputed" },
  refunded: {},
  cancelled: { refund: "cancelled", "refund in part": "cancelled", "open dispute": "disputed" },
  disputed: { "close dispute": RESUME },
};

/** Whether the table lets an order in `status` take `action`. */
export const canDo = (status: OrderStatus, action: OrderAction): boolean =>
  ORDER_TRANSITIONS[status][action] !== undefined;

/**
 * The state `action` moves an order in `status` to, or null when the table does not allow it.
 * `interrupted`: for a disputed order, the state the dispute found it in (closing resumes it).
 */
export function nextStatus(status: OrderStatus, action: OrderAction, interrupted?: OrderStatus): OrderStatus | null {
  const to = ORDER_TRANSITIONS[status][action];
  if (to === undefined) return null;
  return to === RESUME ? (interrupted ?? null) : to;
}

/** The order's state as if no dispute were open: what a dispute found it in, and what closing it resumes. */
export function undisputedStatus(order: OrderState): OrderStatus {
  if (order.cancelled) return "cancelled";
  if (order.paidCents > 0 && order.refundedCents >= order.paidCents) return "refunded";
  if (order.trackingNumber !== null) return "shipped";
  if (order.awaitingPayment) return "awaiting check";
  if (order.paidCents > 0) return order.refundedCents > 0 ? "partially refunded" : "paid";
  return "placed";
}

/** Pure: the order's state in the table, derived from the folded order. */
export const orderStatus = (order: OrderState): OrderStatus => (order.disputed ? "disputed" : undisputedStatus(order));

/** Pure: the action an event on the order is, given the order before it; null for what is no move. */
export function actionOf(order: OrderState, event: OrderEvent): OrderAction | null {
  switch (event.type) {
    case "OrderShipped":
      return "ship";
    case "OrderCancelled":
      return "cancel";
    case "OrderHoldExpired":
      return "expire hold";
    case "OrderCheckReceived":
      return "receive check";
    case "OrderRefunded":
      return event.data.amountCents >= refundableCents(order) ? "refund" : "refund in part";
    case "OrderDisputeOpened":
      return "open dispute";
    case "OrderDisputeClosed":
      return "close dispute";
    case "OrderPlaced":
    case "OrderRefundFailed":
    case "OrderReleased":
      return null;
  }
}

/**
 * What the `status` field says (staff list and page, shopper's pages): the words the shop has always
 * shown. A paid order, in full or after a refund in part, still reads "Placed" (its payment_status
 * tells the money).
 */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  placed: "Placed",
  "awaiting check": "Awaiting payment",
  paid: "Placed",
  "partially refunded": "Placed",
  shipped: "Shipped",
  refunded: "Refunded",
  cancelled: "Cancelled",
  disputed: "Disputed",
};

/** The order's status as the staff list and the shopper's history read it. */
export const orderStateStatus = (order: OrderState): string => ORDER_STATUS_LABELS[orderStatus(order)];
