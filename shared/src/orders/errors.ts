import { DomainError } from "../errors/domain-error.ts";
import { formatCents } from "../domain/currency.ts";
import type { OrderAction, OrderStatus } from "./order-status.ts";

export const orderErrorCodes = ["ORDER_ACTION_REFUSED", "ORDER_TRANSITION_NOT_ALLOWED", "REFUND_FAILED"] as const;
export type OrderErrorCode = (typeof orderErrorCodes)[number];

/** What staff read when an order action is refused (back office, order page). */
export const ORDER_MESSAGES = {
  cancelledNoShip: "A cancelled order cannot be shipped.",
  alreadyShipped: "This order has already shipped.",
  awaitingNoShip: "This order is awaiting payment: record the check first.",
  nothingShips: "Nothing in this order ships.",
  alreadyCancelled: "This order is already cancelled.",
  shippedNoCancel: "A shipped order cannot be cancelled.",
  notAwaiting: "This order is not awaiting payment.",
  cancelledNoCheck: "A cancelled order cannot take a payment.",
  refundTooMuch: (refundableCents: number) =>
    `A refund can be at most ${formatCents(refundableCents)} (paid minus refunded).`,
  nothingToRefund: "Nothing paid is left to refund.",
  refundFailed: (message: string) => `The payment gateway refused the refund: ${message}`,
  transitionNotAllowed: (status: OrderStatus, action: OrderAction) =>
    `${ORDER_IN_STATUS[status]} cannot ${ACTION_PHRASES[action]}.`,
} as const;

const ORDER_IN_STATUS: Record<OrderStatus, string> = {
  placed: "A placed order",
  "awaiting check": "An order awaiting a check",
  paid: "A paid order",
  "partially refunded": "A partially refunded order",
  shipped: "A shipped order",
  refunded: "A refunded order",
  cancelled: "A cancelled order",
  disputed: "A disputed order",
};

const ACTION_PHRASES: Record<OrderAction, string> = {
  ship: "be shipped",
  cancel: "be cancelled",
  "receive check": "take a check",
  refund: "be refunded",
  "refund in part": "be refunded in part",
  "expire hold": "have its check hold expire",
  "open dispute": "be disputed",
  "close dispute": "have a dispute closed",
};

/** A staff action the order's state does not allow (409). */
export class OrderActionRefusedError extends DomainError<"ORDER_ACTION_REFUSED"> {
  constructor(message: string) {
    super("ORDER_ACTION_REFUSED", message);
  }
}

/** A move the order's transition table does not allow from its state, with no refusal of its own (409). */
export class OrderTransitionNotAllowedError extends DomainError<"ORDER_TRANSITION_NOT_ALLOWED"> {
  constructor(
    readonly status: OrderStatus,
    readonly action: OrderAction,
  ) {
    super("ORDER_TRANSITION_NOT_ALLOWED", ORDER_MESSAGES.transitionNotAllowed(status, action));
  }
}

/**
 * The refusal of an action the table does not allow from `status`: the shop's own words where a
 * refusal had them (ORDER_ACTION_REFUSED), else ORDER_TRANSITION_NOT_ALLOWED.
 */
export function orderRefusal(status: OrderStatus, action: OrderAction): DomainError {
  const refused = (message: string) => new OrderActionRefusedError(message);
  switch (action) {
    case "ship":
      if (status === "cancelled") return refused(ORDER_MESSAGES.cancelledNoShip);
      if (status === "shipped") return refused(ORDER_MESSAGES.alreadyShipped);
      if (status === "awaiting check") return refused(ORDER_MESSAGES.awaitingNoShip);
      break;
    case "cancel":
      if (status === "cancelled") return refused(ORDER_MESSAGES.alreadyCancelled);
      if (status === "shipped") return refused(ORDER_MESSAGES.shippedNoCancel);
      break;
    case "receive check":
      if (status === "cancelled") return refused(ORDER_MESSAGES.cancelledNoCheck);
      if (status !== "disputed") return refused(ORDER_MESSAGES.notAwaiting);
      break;
    case "refund":
    case "refund in part":
      if (status === "placed" || status === "awaiting check" || status === "refunded")
        return refused(ORDER_MESSAGES.nothingToRefund);
      break;
  }
  return new OrderTransitionNotAllowedError(status, action);
}

/** The gateway refused a refund; nothing was refunded (502). */
export class RefundFailedError extends DomainError<"REFUND_FAILED"> {
  constructor(message: string) {
    super("REFUND_FAILED", ORDER_MESSAGES.refundFailed(message));
  }
}
