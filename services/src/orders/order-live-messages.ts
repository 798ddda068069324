import type { OrderChangedMessage } from "@shop/shared";
import { recordRoom, STAFF_ROOM, type LiveMessage, type LiveMessageMapper } from "../live/live-messages.ts";

const ORDER_EVENT =
  /^Order(Placed|Shipped|Cancelled|HoldExpired|CheckReceived|Refunded|RefundFailed|DisputeOpened|DisputeClosed)$/;

/**
 * Staff see orders live: `order:changed {number, type, version}` to every staff socket (the order
 * list refetches) and the order's record room (an open order page reads it again). Only the number:
 * no names, addresses or amounts go out on the push.
 */
export const orderLiveMessages: LiveMessageMapper = (recorded) => {
  if (!ORDER_EVENT.test(recorded.type)) return [];
  const data = recorded.data as { number: string };
  const payload: OrderChangedMessage = {
    id: data.number,
    number: data.number,
    type: recorded.type,
    version: recorded.streamPosition,
  };
  return [STAFF_ROOM, recordRoom("store", "order", data.number)].map(
    (room): LiveMessage => ({ namespace: "/admin", room, name: "order:changed", payload }),
  );
};
