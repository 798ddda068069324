import { z } from "zod";
import { defineEvent, type EventOf } from "../event-registry.ts";
import { Address } from "../checkout/api.ts";
import { Billing } from "../checkout/events.ts";
import { asRecord, sealedOrClear } from "../personal-data/sealed.ts";
import { MembershipOnOrder } from "../checkout/quick-checkout.ts";
import { PaymentSummary } from "../payments/card.ts";
import { UserRef } from "../content/events.ts";

export const orderStream = (number: string) => `order-${number}`;
/** Uses of a discount code by orders, apart from its terms (which staff edit with an expected version). */
export const discountUsesStream = (code: string) => `discount-uses-${code}`;

export const OrderLine = z.object({
  lineId: z.number().int(),
  skuId: z.number().int().nullable(),
  skuCode: z.string(),
  title: z.string(),
  format: z.string(),
  /** Goods: the count. A donation: 1. */
  quantity: z.number().int().positive(),
  unitCents: z.number().int().nonnegative(),
  totalCents: z.number().int().nonnegative(),
  digital: z.boolean(),
  /**
   * The campaign a donation line counts toward; null for goods. `monthly`: the line is the first month
   * of a monthly gift (its confirmation says it repeats); absent on every other gift.
   */
  donation: z.object({ campaign: z.string().nullable(), monthly: z.boolean().optional() }).nullable(),
});
export type OrderLine = z.infer<typeof OrderLine>;

export const OrderTotals = z.object({
  goodsCents: z.number().int().nonnegative(),
  discountCents: z.number().int().nonnegative(),
  donationCents: z.number().int().nonnegative(),
  shippingCents: z.number().int().nonnegative(),
  totalCents: z.number().int().nonnegative(),
});
export type OrderTotals = z.infer<typeof OrderTotals>;

export const OrderHeld = z.object({
  stock: z.array(z.object({ skuId: z.number().int(), quantity: z.number().int().nonnegative() })),
  discountClaims: z.array(z.object({ code: z.string(), claimId: z.string() })),
});
export type OrderHeld = z.infer<typeof OrderHeld>;

/** The buyer's personal data on an order: sealed with their key in the event. */
export const OrderPersonal = z.object({
  billing: Billing,
  shipping: Address.nullable(),
  digitalEmail: z.string().nullable(),
  /** A membership bought through the quick checkout: its passholders, personal data like the rest. */
  membership: MembershipOnOrder.optional(),
});
export type OrderPersonal = z.infer<typeof OrderPersonal>;

/**
 * An order, as placed: everything the confirmation, the order page and the history show. Version 2
 * seals the billing, shipping and download email with the buyer's key (`personal`; `ships` says
 * whether there is a shipping address); version 1 held them in clear and reads as `{ clear }`.
 */
export const OrderPlaced = defineEvent(
  "OrderPlaced",
  z.object({
    number: z.string(),
    cartId: z.string(),
    userId: z.string().nullable(),
    personal: sealedOrClear(OrderPersonal),
    ships: z.boolean(),
    lines: z.array(OrderLine),
    discounts: z.array(z.object({ code: z.string(), description: z.string(), amountCents: z.number().int() })),
    shippingMethod: z.object({ code: z.string(), label: z.string(), cents: z.number().int() }).nullable(),
    totals: OrderTotals,
    payment: PaymentSummary,
    placedAt: z.string(),
    /**
     * What placing took: the stock of each tracked SKU (less than the quantity when a backordered
     * SKU ran out) and the claimed uses of limited codes. A cancel or full refund gives them back.
     * Absent on orders placed before it was recorded (then the lines' quantities count).
     */
    held: OrderHeld.optional(),
    /**
     * An unpaid check order: when its hold on stock and discount uses ends. If the check has not been
     * recorded as received by then, the server cancels the order and puts them back (OrderHoldExpired).
     * Absent or null: nothing awaits payment, or the order was placed before holds ended.
     */
    holdUntil: z.string().nullable().optional(),
  }),
  {
    version: 2,
    upcast: (data, from) => {
      if (from >= 2) return data;
      const { billing, shipping, digitalEmail, ...rest } = asRecord(data);
      return { ...rest, ships: Boolean(shipping), personal: { clear: { billing, shipping, digitalEmail } } };
    },
  },
);

/** Staff sent the goods (back office): the carrier's tracking number. */
export const OrderShipped = defineEvent(
  "OrderShipped",
  z.object({ number: z.string(), trackingNumber: z.string(), by: UserRef, at: z.string() }),
);
/** Staff cancelled the order; what was paid is refunded by its own events. */
export const OrderCancelled = defineEvent(
  "OrderCancelled",
  z.object({ number: z.string(), reason: z.string(), by: UserRef, at: z.string() }),
);
/**
 * The server cancelled an order whose check had not arrived by the end of its hold (CHECK_HOLD_DAYS);
 * its stock and discount uses are put back by OrderReleased, and the buyer is mailed.
 */
export const OrderHoldExpired = defineEvent(
  "OrderHoldExpired",
  z.object({ number: z.string(), holdUntil: z.string(), at: z.string() }),
);
/** The check or money order of an order awaiting payment arrived. */
export const OrderCheckReceived = defineEvent(
  "OrderCheckReceived",
  z.object({ number: z.string(), amountCents: z.number().int().positive(), by: UserRef, at: z.string() }),
);
/** Money given back, in full or in part: through the gateway (`reference`) or, for a check, by hand (null). */
export const OrderRefunded = defineEvent(
  "OrderRefunded",
  z.object({
    number: z.string(),
    amountCents: z.number().int().positive(),
    gateway: z.string().nullable(),
    reference: z.string().nullable(),
    reason: z.string(),
    by: UserRef,
    at: z.string(),
  }),
);

/** The gateway refused a refund recorded just before: the amount is refundable again. */
export const OrderRefundFailed = defineEvent(
  "OrderRefundFailed",
  z.object({ number: z.string(), amountCents: z.number().int().positive(), message: z.string(), at: z.string() }),
);

/**
 * The buyer's bank disputed the payment (a chargeback): until it is closed the order is neither
 * shipped, cancelled nor refunded (the money is with the bank). Recorded from the gateway's notice.
 */
export const OrderDisputeOpened = defineEvent(
  "OrderDisputeOpened",
  z.object({ number: z.string(), reason: z.string(), at: z.string() }),
);
/** The bank closed the dispute: the order is back in the state the dispute found it in. */
export const OrderDisputeClosed = defineEvent("OrderDisputeClosed", z.object({ number: z.string(), at: z.string() }));

/**
 * The order gave back what it held, once: on its cancel, or on a full refund (a shipped order's
 * goods are not restocked: they left the warehouse). The SKUs' stock and the uses streams follow.
 */
export const OrderReleased = defineEvent(
  "OrderReleased",
  z.object({
    number: z.string(),
    ...OrderHeld.shape,
    at: z.string(),
    /**
     * The stock and uses it lists are put back naming the order (SkuStockChanged.releasedFor), so a
     * put-back cut short is finished by running it again. Absent on releases written before that.
     */
    byOrder: z.boolean().optional(),
  }),
);

export const orderEvents = [
  OrderPlaced,
  OrderShipped,
  OrderCancelled,
  OrderHoldExpired,
  OrderCheckReceived,
  OrderRefunded,
  OrderRefundFailed,
  OrderReleased,
  OrderDisputeOpened,
  OrderDisputeClosed,
] as const;
export type OrderEvent = EventOf<typeof orderEvents>;

/** One use of a code, claimed before payment; `customer` is the user id or the billing email. */
export const DiscountUseClaimed = defineEvent(
  "DiscountUseClaimed",
  z.object({ code: z.string(), claimId: z.string(), customer: z.string(), at: z.string() }),
);
/** A claimed use given back (the payment failed). */
export const DiscountUseReleased = defineEvent(
  "DiscountUseReleased",
  z.object({ code: z.string(), claimId: z.string(), at: z.string() }),
);
export const discountUseEvents = [DiscountUseClaimed, DiscountUseReleased] as const;
export type DiscountUseEvent = EventOf<typeof discountUseEvents>;
