import { DomainError } from "../errors/domain-error.ts";
import { formatCents } from "../domain/currency.ts";

export const orderErrorCodes = ["ORDER_ACTION_REFUSED", "REFUND_FAILED"] as const;
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
} as const;

/** A staff action the order's state does not allow (409). */
export class OrderActionRefusedError extends DomainError<"ORDER_ACTION_REFUSED"> {
  constructor(message: string) {
    super("ORDER_ACTION_REFUSED", message);
  }
}

/** The gateway refused a refund; nothing was refunded (502). */
export class RefundFailedError extends DomainError<"REFUND_FAILED"> {
  constructor(message: string) {
    super("REFUND_FAILED", ORDER_MESSAGES.refundFailed(message));
  }
}
