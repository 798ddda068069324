import { z } from "zod";

const money = { amount: z.string(), amount_cents: z.number().int() };

/**
 * GET /api/store/shop/checkout/summary/: the order as it stands, shown beside every step (issue 26
 * point 6). Shipping is null until a method is chosen for this cart; the shop charges no sales tax
 * today, so tax is 0, shown so the shopper sees the total is complete.
 */
export const CheckoutSummaryAnswer = z.object({
  metadata: z.object({ success: z.boolean(), errors: z.array(z.string()) }),
  lines: z.array(
    z.object({
      title: z.string(),
      format: z.string(),
      /** Null for a gift (a donation has no quantity). */
      quantity: z.number().int().nullable(),
      ...money,
    }),
  ),
  discounts: z.array(z.object({ code: z.string(), description: z.string(), ...money })),
  /** The lines before discounts: goods and gifts. */
  subtotal: z.object(money),
  ships: z.boolean(),
  shipping: z.object({ label: z.string(), ...money }).nullable(),
  tax: z.object(money),
  total: z.object(money),
});
export type CheckoutSummaryAnswer = z.infer<typeof CheckoutSummaryAnswer>;
