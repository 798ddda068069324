import {
  evolveOrder,
  initialOrderState,
  ORDER_MESSAGES,
  OrderActionRefusedError,
  OrderNotFoundError,
  orderEvents,
  refundableCents,
  type OrderEvent,
  type OrderState,
  type UserRef,
} from "@shop/shared";
import type { Decider } from "../platform/command-handler.ts";

export const orderDecider: Decider<OrderState, typeof orderEvents> = {
  initialState: () => initialOrderState,
  events: orderEvents,
  evolve: evolveOrder,
};

/** What staff may do to an order (back office, order page). */
export type OrderCommand =
  | { type: "Ship"; trackingNumber: string }
  | { type: "Cancel"; reason: string }
  | { type: "RecordCheck" }
  | { type: "Refund"; amountCents: number | null; reason: string; gateway: string | null; reference: string | null };

export interface OrderContext {
  now: Date;
  by: UserRef;
}

/** Pure: the events a staff action appends to the order, or the refusal. */
export function decideOrder(command: OrderCommand, state: OrderState, context: OrderContext): OrderEvent[] {
  const placed = state.placed;
  if (!placed) throw new OrderNotFoundError();
  const common = { number: placed.number, by: context.by, at: context.now.toISOString() };
  const refuse = (message: string) => new OrderActionRefusedError(message);
  switch (command.type) {
    case "Ship":
      if (state.cancelled) throw refuse(ORDER_MESSAGES.cancelledNoShip);
      if (state.trackingNumber !== null) throw refuse(ORDER_MESSAGES.alreadyShipped);
      if (!placed.ships) throw refuse(ORDER_MESSAGES.nothingShips);
      if (state.awaitingPayment) throw refuse(ORDER_MESSAGES.awaitingNoShip);
      return [{ type: "OrderShipped", data: { ...common, trackingNumber: command.trackingNumber } }];
    case "Cancel":
      if (state.cancelled) throw refuse(ORDER_MESSAGES.alreadyCancelled);
      if (state.trackingNumber !== null) throw refuse(ORDER_MESSAGES.shippedNoCancel);
      return [{ type: "OrderCancelled", data: { ...common, reason: command.reason } }];
    case "RecordCheck":
      if (state.cancelled) throw refuse(ORDER_MESSAGES.cancelledNoCheck);
      if (!state.awaitingPayment) throw refuse(ORDER_MESSAGES.notAwaiting);
      return [{ type: "OrderCheckReceived", data: { ...common, amountCents: placed.totals.totalCents } }];
    case "Refund": {
      const left = refundableCents(state);
      if (left === 0) throw refuse(ORDER_MESSAGES.nothingToRefund);
      const amountCents = command.amountCents ?? left;
      if (amountCents > left) throw refuse(ORDER_MESSAGES.refundTooMuch(left));
      const { gateway, reference, reason } = command;
      return [{ type: "OrderRefunded", data: { ...common, amountCents, gateway, reference, reason } }];
    }
  }
}
