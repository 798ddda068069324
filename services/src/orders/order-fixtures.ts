import type { OrderEvent, OrderStatus, UserRef } from "@shop/shared";

/** The one postal address the order specs place orders with (billing and shipping alike). */
export const ORDER_ADDRESS = {
  first_name: "Ann",
  last_name: "Buyer",
  street1: "1 Main St",
  street2: "",
  city: "Hebron",
  state: "KY",
  postal_code: "41048",
  country: "US",
};

export const FIXTURE_ORDER = "100001";
const by: UserRef = { id: "u1", name: "Edna Editor" };
const at = "2026-11-23T12:00:00.000Z";
/** The check hold of the fixtures' check order ends then. */
export const FIXTURE_HOLD_UNTIL = "2026-12-07T12:00:00.000Z";

/** An order of $50 placed and paid by card, by check (awaiting, with a hold), or free (nothing to pay). */
export function orderPlaced(payment: "card" | "check" | "none", ships = true): OrderEvent {
  const cents = payment === "none" ? 0 : 5000;
  return {
    type: "OrderPlaced",
    data: {
      number: FIXTURE_ORDER,
      cartId: "c1",
      userId: null,
      personal: {
        clear: {
          billing: { ...ORDER_ADDRESS, email: "ann@example.org", org_name: "" },
          shipping: ships ? ORDER_ADDRESS : null,
          digitalEmail: null,
        },
      },
      ships,
      lines: [],
      discounts: [],
      shippingMethod: null,
      totals: { goodsCents: cents, discountCents: 0, donationCents: 0, shippingCents: 0, totalCents: cents },
      payment: {
        type: payment,
        status: payment === "card" ? "paid" : payment === "check" ? "awaiting" : "none",
        gateway: payment === "card" ? "test" : null,
        brand: null,
        last4: null,
        reference: payment === "card" ? "test_ref" : null,
        amountCents: cents,
      },
      placedAt: at,
      holdUntil: payment === "check" ? FIXTURE_HOLD_UNTIL : null,
    },
  };
}

export const orderShipped: OrderEvent = {
  type: "OrderShipped",
  data: { number: FIXTURE_ORDER, trackingNumber: "1Z", by, at },
};
export const orderCancelled: OrderEvent = {
  type: "OrderCancelled",
  data: { number: FIXTURE_ORDER, reason: "", by, at },
};
export const orderRefunded = (amountCents: number): OrderEvent => ({
  type: "OrderRefunded",
  data: { number: FIXTURE_ORDER, amountCents, gateway: null, reference: null, reason: "", by, at },
});
export const orderDisputeOpened: OrderEvent = {
  type: "OrderDisputeOpened",
  data: { number: FIXTURE_ORDER, reason: "fraudulent", at },
};

/** An order's history that leaves it in each state of the transition table. */
export const ORDER_IN_STATE: Record<OrderStatus, OrderEvent[]> = {
  placed: [orderPlaced("none")],
  "awaiting check": [orderPlaced("check")],
  paid: [orderPlaced("card")],
  "partially refunded": [orderPlaced("card"), orderRefunded(2000)],
  shipped: [orderPlaced("card"), orderShipped],
  refunded: [orderPlaced("card"), orderRefunded(5000)],
  cancelled: [orderPlaced("card"), orderCancelled],
  disputed: [orderPlaced("card"), orderDisputeOpened],
};
