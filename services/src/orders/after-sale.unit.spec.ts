import { describe, expect, it } from "vitest";
import { evolveOrder, initialOrderState, type OrderEvent, type OrderLine } from "@shop/shared";
import { decideRelease, donationsGivenBack } from "./after-sale.ts";
import { ORDER_ADDRESS as address } from "./order-fixtures.ts";

const now = new Date("2026-11-23T12:00:00.000Z");
const at = now.toISOString();
const by = { id: "u1", name: "Edna" };
const line = (lineId: number, totalCents: number, extra: Partial<OrderLine> = {}): OrderLine => ({
  lineId,
  skuId: 100 + lineId,
  skuCode: `10-1-${lineId}`,
  title: "Book",
  format: "",
  quantity: 2,
  unitCents: totalCents / 2,
  totalCents,
  digital: false,
  donation: null,
  ...extra,
});
const gift = (lineId: number, totalCents: number) =>
  line(lineId, totalCents, { skuId: 900, quantity: 1, unitCents: totalCents, donation: { campaign: "ark-main" } });

/** $60 paid by card: a $40 book line (2 copies, both taken) and a $20 donation; one use of SAVE claimed. */
function placed(payment: "card" | "check" = "card", held = true): OrderEvent {
  return {
    type: "OrderPlaced",
    data: {
      number: "100001",
      cartId: "c1",
      userId: null,
      personal: {
        clear: {
          billing: { ...address, email: "ann@example.org", org_name: "" },
          shipping: address,
          digitalEmail: null,
        },
      },
      ships: true,
      lines: [line(1, 4000), gift(2, 2000)],
      discounts: [],
      shippingMethod: null,
      totals: { goodsCents: 4000, discountCents: 0, donationCents: 2000, shippingCents: 0, totalCents: 6000 },
      payment: {
        type: payment,
        status: payment === "card" ? "paid" : "awaiting",
        gateway: null,
        brand: null,
        last4: null,
        reference: null,
        amountCents: 6000,
      },
      placedAt: at,
      ...(held
        ? { held: { stock: [{ skuId: 101, quantity: 1 }], discountClaims: [{ code: "SAVE", claimId: "a1" }] } }
        : {}),
    },
  };
}
const cancelled: OrderEvent = { type: "OrderCancelled", data: { number: "100001", reason: "", by, at } };
const shipped: OrderEvent = { type: "OrderShipped", data: { number: "100001", trackingNumber: "1Z", by, at } };
const refunded = (amountCents: number): OrderEvent => ({
  type: "OrderRefunded",
  data: { number: "100001", amountCents, gateway: null, reference: null, reason: "", by, at },
});
const released: OrderEvent = {
  type: "OrderReleased",
  data: { number: "100001", stock: [], discountClaims: [], at },
};
const given = (...events: OrderEvent[]) => events.reduce(evolveOrder, initialOrderState);

describe("what a closed order gives back (OrderReleased)", () => {
  it("a cancel gives back the stock placing took and its discount uses", () => {
    expect(decideRelease(given(placed(), cancelled), now)).toEqual([
      {
        type: "OrderReleased",
        data: {
          number: "100001",
          stock: [{ skuId: 101, quantity: 1 }],
          discountClaims: [{ code: "SAVE", claimId: "a1" }],
          at,
          byOrder: true,
        },
      },
    ]);
  });

  it("an open order gives back nothing, nor does a partial refund", () => {
    expect(decideRelease(given(placed()), now)).toEqual([]);
    expect(decideRelease(given(placed(), refunded(1000)), now)).toEqual([]);
  });

  it("a full refund gives back the stock and the uses, as a cancel does", () => {
    expect(decideRelease(given(placed(), refunded(6000)), now)[0]?.data).toMatchObject({
      stock: [{ skuId: 101, quantity: 1 }],
      discountClaims: [{ code: "SAVE", claimId: "a1" }],
    });
  });

  it("a shipped order fully refunded gives back its uses but no stock: the goods left the warehouse", () => {
    expect(decideRelease(given(placed(), shipped, refunded(6000)), now)[0]?.data).toMatchObject({
      stock: [],
      discountClaims: [{ code: "SAVE", claimId: "a1" }],
    });
  });

  it("an order gives back once: a refund after the cancel releases nothing more", () => {
    expect(decideRelease(given(placed(), cancelled, released, refunded(6000)), now)).toEqual([]);
  });

  it("an order placed before `held` was recorded gives back its goods lines' quantities", () => {
    expect(decideRelease(given(placed("card", false), cancelled), now)[0]?.data).toMatchObject({
      stock: [{ skuId: 101, quantity: 2 }],
      discountClaims: [],
    });
  });
});

describe("how far a donation moves back (the thermometer)", () => {
  const back = (...events: OrderEvent[]) => donationsGivenBack(given(...events)).map((d) => d.cents);

  it("a paid order not refunded moves nothing back, cancelled or not", () => {
    expect(back(placed())).toEqual([0]);
    expect(back(placed(), cancelled)).toEqual([0]);
  });

  it("a full refund moves the whole donation back", () => {
    expect(back(placed(), refunded(6000))).toEqual([2000]);
  });

  it("a partial refund moves the donation back by its share of what was paid, rounded down", () => {
    // $10 of $60 paid: the $20 donation is a third of the order, so $3.33 of it moves back.
    expect(back(placed(), refunded(1000))).toEqual([333]);
    expect(back(placed(), refunded(1000), refunded(2000))).toEqual([1000]);
  });

  it("a cancelled order whose check never came takes its whole donation off", () => {
    expect(back(placed("check"), cancelled)).toEqual([2000]);
    expect(back(placed("check"))).toEqual([0]);
  });

  it("each donation line names its campaign and its gift id", () => {
    expect(donationsGivenBack(given(placed(), refunded(6000)))).toEqual([
      { campaign: "ark-main", giftId: "order-100001-2", cents: 2000 },
    ]);
  });
});
