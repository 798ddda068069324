import { z } from "zod";
import { OrderLine } from "./events.ts";
import { MembershipOnOrder } from "../checkout/quick-checkout.ts";

/** An order as the complete page and the order history show it (money formatted and in cents). */
export const OrderView = z.object({
  number: z.string(),
  placed_at: z.string(),
  status: z.string(),
  email: z.string(),
  billing: z.record(z.string(), z.string()),
  shipping: z.record(z.string(), z.string()).nullable(),
  digital_email: z.string().nullable(),
  lines: z.array(OrderLine.extend({ total: z.string() })),
  discounts: z.array(z.object({ code: z.string(), description: z.string(), amount: z.string() })),
  shipping_method: z.string().nullable(),
  shipping_total: z.string(),
  total: z.string(),
  total_cents: z.number(),
  payment: z.object({
    type: z.string(),
    status: z.string(),
    brand: z.string().nullable(),
    last4: z.string().nullable(),
  }),
  /** After staff actions: paid, awaiting, refunded, partly refunded, none. */
  payment_status: z.string(),
  /** The carrier's tracking number once shipped, else null. */
  tracking_number: z.string().nullable(),
  refunded: z.string(),
  refunded_cents: z.number(),
  /** A membership's passholders (quick checkout). */
  membership: MembershipOnOrder.optional(),
  /**
   * Paid through the test gateway, or placed on a shop whose PAYMENT_GATEWAY is test: no money moved,
   * and the order pages say so.
   */
  test_mode: z.boolean(),
});
export type OrderView = z.infer<typeof OrderView>;

/** GET /api/store/shop/orders/{number}/ */
export const OrderAnswer = z.object({ metadata: z.object({ success: z.boolean() }), order: OrderView });
export type OrderAnswer = z.infer<typeof OrderAnswer>;

/** GET /api/account/orders/: the signed-in shopper's orders, newest first. */
export const OrderHistoryAnswer = z.object({
  metadata: z.object({ success: z.boolean() }),
  items: z.array(
    z.object({
      number: z.string(),
      placed_at: z.string(),
      status: z.string(),
      payment_status: z.string(),
      tracking_number: z.string().nullable(),
      refunded: z.string(),
      refunded_cents: z.number(),
      total: z.string(),
      total_cents: z.number(),
      url: z.string(),
    }),
  ),
});
export type OrderHistoryAnswer = z.infer<typeof OrderHistoryAnswer>;
