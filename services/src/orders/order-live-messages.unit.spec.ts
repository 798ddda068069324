import { describe, expect, it } from "vitest";
import type { RecordedEvent } from "@shop/shared";
import { orderLiveMessages } from "./order-live-messages.ts";

const recorded = (type: string, data: unknown, streamPosition: number): RecordedEvent => ({
  type,
  data,
  metadata: {},
  schemaVersion: 1,
  streamId: "order-100001",
  streamPosition,
  position: { major: 1n, minor: 1n },
  globalPosition: 7,
  createdAt: new Date(),
});
const context = { userName: () => null };

describe("order:changed pushes", () => {
  it("a placed order reaches every staff socket and its record room with its number only", () => {
    const messages = orderLiveMessages(
      recorded("OrderPlaced", { number: "100001", billing: { email: "ann@example.org" }, totals: {} }, 0),
      context,
    );
    expect(messages.map((m) => [m.namespace, m.room, m.name])).toEqual([
      ["/admin", "staff", "order:changed"],
      ["/admin", "record:store.order.100001", "order:changed"],
    ]);
    expect(messages[0]!.payload).toEqual({ id: "100001", number: "100001", type: "OrderPlaced", version: 0 });
  });

  it("a staff action is pushed with the order's new version", () =>
    expect(
      orderLiveMessages(recorded("OrderShipped", { number: "100001", trackingNumber: "1Z" }, 1), context)[0]!.payload,
    ).toEqual({ id: "100001", number: "100001", type: "OrderShipped", version: 1 }));

  it("security 5: the server cancelling an unpaid check order at its hold's end is pushed to staff", () =>
    expect(
      orderLiveMessages(
        recorded("OrderHoldExpired", { number: "100001", holdUntil: "2026-12-12T00:00:00.000Z", at: "x" }, 1),
        context,
      ).map((m) => [m.room, m.payload]),
    ).toEqual([
      ["staff", { id: "100001", number: "100001", type: "OrderHoldExpired", version: 1 }],
      ["record:store.order.100001", { id: "100001", number: "100001", type: "OrderHoldExpired", version: 1 }],
    ]));

  it("a dispute opened or closed on an order is pushed to staff (its state changed)", () =>
    expect(
      ["OrderDisputeOpened", "OrderDisputeClosed"].map(
        (type) => orderLiveMessages(recorded(type, { number: "100001", at: "x" }, 2), context)[0]!.payload,
      ),
    ).toEqual([
      { id: "100001", number: "100001", type: "OrderDisputeOpened", version: 2 },
      { id: "100001", number: "100001", type: "OrderDisputeClosed", version: 2 },
    ]));

  it("other events of the shop are not pushed as orders", () =>
    expect(orderLiveMessages(recorded("DiscountUseClaimed", { code: "X" }, 0), context)).toEqual([]));
});
