import {
  canDo,
  evolveOrder,
  initialOrderState,
  ORDER_MESSAGES,
  OrderActionRefusedError,
  OrderNotFoundError,
  orderEvents,
  orderRefusal,
  orderStatus,
  refundableCents,
  type OrderAction,
  type OrderEvent,
  type OrderState,
  type UserRef,
} from "@shop/shared";
import { commandHandler, type Decider, type RetryPolicy } from "../platform/command-handler.ts";

export const orderDecider: Decider<OrderState, typeof orderEvents> = {
  initialState: () => initialOrderState,
  events: orderEvents,
  evolve: evolveOrder,
};

/**
 * The server's own steps on an order (what follows a cancel or a refund, a check hold's end, a
 * failed refund): another writer (staff, a second sweep) may have moved the order meanwhile, so a
 * conflict decides again on the fresh state, a few times.
 */
export const ORDER_FOLLOW_UP: RetryPolicy = { onConflict: "retry", attempts: 5 };

/** An order's server-side command: `orderCommand(store, orderStream(number), decide, options)`. */
export const orderCommand = commandHandler(orderDecider, ORDER_FOLLOW_UP);

/** What staff may do to an order (back office, order page), and what the gateway reports. */
export type OrderCommand =
  | { type: "Ship"; trackingNumber: string }
  | { type: "Cancel"; reason: string }
  | { type: "RecordCheck" }
  | { type: "Refund"; amountCents: number | null; reason: string; gateway: string | null; reference: string | null }
  | { type: "RecordRefundFailed"; amountCents: number; message: string }
  | { type: "OpenDispute"; reason: string }
  | { type: "CloseDispute" };

export interface OrderContext {
  now: Date;
  by: UserRef;
}

/** Refuses, with the table's refusal, an action the order's state does not allow. */
function allow(state: OrderState, action: OrderAction) {
  const status = orderStatus(state);
  if (!canDo(status, action)) throw orderRefusal(status, action);
}

/** Pure: the events a command appends to the order, or the refusal. The transition table decides. */
export function decideOrder(command: OrderCommand, state: OrderState, context: OrderContext): OrderEvent[] {
  const placed = state.placed;
  if (!placed) throw new OrderNotFoundError();
  const at = context.now.toISOString();
  const common = { number: placed.number, by: context.by, at };
  switch (command.type) {
    case "Ship":
      allow(state, "ship");
      if (!placed.ships) throw new OrderActionRefusedError(ORDER_MESSAGES.nothingShips);
      return [{ type: "OrderShipped", data: { ...common, trackingNumber: command.trackingNumber } }];
    case "Cancel":
      allow(state, "cancel");
      return [{ type: "OrderCancelled", data: { ...common, reason: command.reason } }];
    case "RecordCheck":
      allow(state, "receive check");
      return [{ type: "OrderCheckReceived", data: { ...common, amountCents: placed.totals.totalCents } }];
    case "Refund": {
      const left = refundableCents(state);
      const amountCents = command.amountCents ?? left;
      allow(state, amountCents >= left ? "refund" : "refund in part");
      if (left === 0) throw new OrderActionRefusedError(ORDER_MESSAGES.nothingToRefund);
      if (amountCents > left) throw new OrderActionRefusedError(ORDER_MESSAGES.refundTooMuch(left));
      const { gateway, reference, reason } = command;
      return [{ type: "OrderRefunded", data: { ...common, amountCents, gateway, reference, reason } }];
    }
    // Not a move of the table: it undoes the refund recorded just before, which the gateway refused.
    case "RecordRefundFailed":
      return [
        {
          type: "OrderRefundFailed",
          data: { number: placed.number, amountCents: command.amountCents, message: command.message, at },
        },
      ];
    case "OpenDispute":
      allow(state, "open dispute");
      return [{ type: "OrderDisputeOpened", data: { number: placed.number, reason: command.reason, at } }];
    case "CloseDispute":
      allow(state, "close dispute");
      return [{ type: "OrderDisputeClosed", data: { number: placed.number, at } }];
  }
}
