import { describe, expect, it } from "vitest";
import type { OrderEvent, OrderState, PaymentSummary } from "@shop/shared";
import { decideHoldExpiry } from "./check-holds.ts";
import { decideRelease } from "./after-sale.ts";
import { orderDecider } from "./decide.ts";
import { ORDER_ADDRESS as address } from "./order-fixtures.ts";
import { holdUntilOf } from "./place-order.ts";

const placedAt = new Date("2026-11-01T12:00:00Z");
const holdUntil = "2026-11-15T12:00:00.000Z";
const by = { id: "u1", name: "Edna Editor" };

const check: PaymentSummary = {
  type: "check",
  status: "awaiting",
  amountCents: 3000,
  gateway: null,
  brand: null,
  last4: null,
  reference: null,
};

const placed = (hold: string | null = holdUntil): OrderEvent => ({
  type: "OrderPlaced",
  data: {
    number: "100001",
    cartId: "c1",
    userId: null,
    personal: {
      clear: { billing: { ...address, email: "ann@example.org", org_name: "" }, shipping: null, digitalEmail: null },
    },
    ships: false,
    lines: [],
    discounts: [],
    shippingMethod: null,
    totals: { goodsCents: 3000, discountCents: 0, donationCents: 0, shippingCents: 0, totalCents: 3000 },
    payment: check,
    placedAt: placedAt.toISOString(),
    held: { stock: [{ skuId: 700, quantity: 3 }], discountClaims: [{ code: "SAVE", claimId: "a1" }] },
    ...(hold ? { holdUntil: hold } : {}),
  },
});
const stateOf = (events: OrderEvent[]): OrderState => events.reduce(orderDecider.evolve, orderDecider.initialState());
const at = (iso: string) => new Date(iso);

describe("the hold of an unpaid check order (security 5)", () => {
  it("security 5: the hold ends CHECK_HOLD_DAYS after placing, for a check only", () => {
    expect(holdUntilOf(check, placedAt, 14)).toBe(holdUntil);
    expect(holdUntilOf({ ...check, type: "card", status: "paid" }, placedAt, 14)).toBeNull();
    expect(holdUntilOf({ ...check, type: "none", status: "none" }, placedAt, 14)).toBeNull();
  });

  it("security 5: past its hold, an order still awaiting its check is cancelled by the server, and then gives back what it held", () => {
    const events = decideHoldExpiry(stateOf([placed()]), at("2026-11-15T12:00:00Z"));
    expect(events).toEqual([
      { type: "OrderHoldExpired", data: { number: "100001", holdUntil, at: "2026-11-15T12:00:00.000Z" } },
    ]);
    const expired = stateOf([placed(), ...events]);
    expect(expired).toMatchObject({ cancelled: true, holdUntil: null });
    expect(decideRelease(expired, placedAt)).toEqual([
      {
        type: "OrderReleased",
        data: {
          number: "100001",
          stock: [{ skuId: 700, quantity: 3 }],
          discountClaims: [{ code: "SAVE", claimId: "a1" }],
          at: placedAt.toISOString(),
          byOrder: true,
        },
      },
    ]);
  });

  it.each([
    ["before the hold ends", [placed()], "2026-11-15T11:59:59Z"],
    [
      "once the check was received",
      [placed(), { type: "OrderCheckReceived", data: { number: "100001", amountCents: 3000, by, at: holdUntil } }],
      "2026-12-01T00:00:00Z",
    ],
    [
      "once staff cancelled it",
      [placed(), { type: "OrderCancelled", data: { number: "100001", reason: "", by, at: holdUntil } }],
      "2026-12-01T00:00:00Z",
    ],
    [
      "a second time",
      [placed(), { type: "OrderHoldExpired", data: { number: "100001", holdUntil, at: holdUntil } }],
      "2026-12-01T00:00:00Z",
    ],
    ["for an order placed before holds (no holdUntil)", [placed(null)], "2030-01-01T00:00:00Z"],
  ] as Array<[string, OrderEvent[], string]>)("nothing %s", (_name, given, now) => {
    expect(decideHoldExpiry(stateOf(given), at(now))).toEqual([]);
  });
});
