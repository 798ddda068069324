import { describe, expect, it } from "vitest";
import {
  ORDER_MESSAGES,
  OrderActionRefusedError,
  OrderNotFoundError,
  type OrderEvent,
  type OrderState,
} from "@shop/shared";
import { decideOrder, orderDecider, type OrderCommand } from "./decide.ts";
import { ORDER_ADDRESS as address } from "./order-fixtures.ts";

const by = { id: "u1", name: "Edna Editor" };
const now = new Date("2026-11-23T12:00:00Z");
const at = now.toISOString();

function placed(payment: "card" | "check", ships = true): OrderEvent {
  return {
    type: "OrderPlaced",
    data: {
      number: "100001",
      cartId: "c1",
      userId: null,
      personal: {
        clear: {
          billing: { ...address, email: "ann@example.org", org_name: "" },
          shipping: ships ? address : null,
          digitalEmail: null,
        },
      },
      ships,
      lines: [],
      discounts: [],
      shippingMethod: null,
      totals: { goodsCents: 5000, discountCents: 0, donationCents: 0, shippingCents: 0, totalCents: 5000 },
      payment: {
        type: payment,
        status: payment === "card" ? "paid" : "awaiting",
        gateway: payment === "card" ? "test" : null,
        brand: null,
        last4: null,
        reference: payment === "card" ? "test_ref" : null,
        amountCents: 5000,
      },
      placedAt: at,
    },
  };
}
const shipped: OrderEvent = { type: "OrderShipped", data: { number: "100001", trackingNumber: "1Z", by, at } };
const cancelled: OrderEvent = { type: "OrderCancelled", data: { number: "100001", reason: "", by, at } };
const checkIn: OrderEvent = { type: "OrderCheckReceived", data: { number: "100001", amountCents: 5000, by, at } };
const refunded = (amountCents: number): OrderEvent => ({
  type: "OrderRefunded",
  data: { number: "100001", amountCents, gateway: "test", reference: "test_ref", reason: "", by, at },
});
const refundFailed = (amountCents: number): OrderEvent => ({
  type: "OrderRefundFailed",
  data: { number: "100001", amountCents, message: "no", at },
});

const stateOf = (events: OrderEvent[]): OrderState => events.reduce(orderDecider.evolve, orderDecider.initialState());
const ship: OrderCommand = { type: "Ship", trackingNumber: "1Z999" };
const cancel: OrderCommand = { type: "Cancel", reason: "asked" };
const check: OrderCommand = { type: "RecordCheck" };
const refund = (amountCents: number | null): OrderCommand => ({
  type: "Refund",
  amountCents,
  reason: "",
  gateway: "test",
  reference: "test_ref",
});

describe("order staff actions are refused when the order's state does not allow them", () => {
  it.each([
    ["can't ship a cancelled order", [placed("card"), cancelled], ship, ORDER_MESSAGES.cancelledNoShip],
    ["can't ship twice", [placed("card"), shipped], ship, ORDER_MESSAGES.alreadyShipped],
    ["can't ship an order with nothing to ship", [placed("card", false)], ship, ORDER_MESSAGES.nothingShips],
    ["can't ship an order awaiting its check", [placed("check")], ship, ORDER_MESSAGES.awaitingNoShip],
    ["can't cancel a shipped order", [placed("card"), shipped], cancel, ORDER_MESSAGES.shippedNoCancel],
    ["can't cancel twice", [placed("card"), cancelled], cancel, ORDER_MESSAGES.alreadyCancelled],
    ["check received only when awaiting payment", [placed("card")], check, ORDER_MESSAGES.notAwaiting],
    ["check received only once", [placed("check"), checkIn], check, ORDER_MESSAGES.notAwaiting],
    ["no check for a cancelled order", [placed("check"), cancelled], check, ORDER_MESSAGES.cancelledNoCheck],
    ["refund ≤ paid", [placed("card")], refund(5001), ORDER_MESSAGES.refundTooMuch(5000)],
    [
      "refund ≤ paid minus refunded",
      [placed("card"), refunded(3000)],
      refund(2001),
      ORDER_MESSAGES.refundTooMuch(2000),
    ],
    [
      "nothing to refund once all is refunded",
      [placed("card"), refunded(5000)],
      refund(null),
      ORDER_MESSAGES.nothingToRefund,
    ],
    ["nothing to refund on an unpaid check order", [placed("check")], refund(null), ORDER_MESSAGES.nothingToRefund],
  ])("%s", (_name, given, command, message) => {
    const run = () => decideOrder(command, stateOf(given), { now, by });
    expect(run).toThrow(OrderActionRefusedError);
    expect(run).toThrow(message);
  });

  it("an order not placed is not found", () =>
    expect(() => decideOrder(ship, stateOf([]), { now, by })).toThrow(OrderNotFoundError));
});

describe("order staff actions append one event each", () => {
  it.each([
    ["ship a paid order", [placed("card")], ship, { type: "OrderShipped", data: { trackingNumber: "1Z999", by } }],
    ["ship once the check arrived", [placed("check"), checkIn], ship, { type: "OrderShipped" }],
    ["cancel a placed order", [placed("card")], cancel, { type: "OrderCancelled", data: { reason: "asked" } }],
    [
      "record the check of an awaiting order",
      [placed("check")],
      check,
      { type: "OrderCheckReceived", data: { amountCents: 5000 } },
    ],
    ["refund in part", [placed("card")], refund(1200), { type: "OrderRefunded", data: { amountCents: 1200 } }],
    [
      "refund what is left when no amount is given",
      [placed("card"), refunded(1200)],
      refund(null),
      { type: "OrderRefunded", data: { amountCents: 3800 } },
    ],
    [
      "refund a cancelled order",
      [placed("card"), cancelled],
      refund(null),
      { type: "OrderRefunded", data: { amountCents: 5000 } },
    ],
    ["refund a check once received", [placed("check"), checkIn], refund(5000), { type: "OrderRefunded" }],
    [
      "a failed refund is refundable again",
      [placed("card"), refunded(5000), refundFailed(5000)],
      refund(5000),
      { type: "OrderRefunded" },
    ],
  ])("%s", (_name, given, command, expected) => {
    const events = decideOrder(command, stateOf(given), { now, by });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject(expected);
  });
});
