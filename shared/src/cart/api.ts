import { z } from "zod";

/**
 * PUT /api/store/shop/full-cart/: the cart page's form. Each item's quantity is set (0 removes);
 * a donation is an item whose quantity is the amount. `order` and `discounts` are echoed by the
 * page and ignored (codes change through apply-discounts). Items not listed stay as they are.
 */
export const FullCartUpdateRequest = z.object({
  order: z.unknown().optional(),
  discounts: z.unknown().optional(),
  items: z
    .array(
      z.object({
        id: z.unknown().optional(),
        sku: z.unknown().optional(),
        sku_code: z.string().trim().min(1).max(100),
        quantity: z.union([z.number(), z.string().max(30)]).meta({
          description:
            "The count (a donation: the amount in dollars), as a number or as typed: what is not a number counts as 0 and removes the line; below 0 is refused (CART_BAD_QUANTITY).",
          override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
            jsonSchema.anyOf = [
              { type: "number", minimum: 0 },
              { type: "string", maxLength: 30, pattern: "^(?!\\s*-\\s*\\$?\\s*0*[1-9])" },
            ];
          },
        }),
      }),
    )
    .max(500)
    .default([]),
});
export type FullCartUpdateRequest = z.infer<typeof FullCartUpdateRequest>;
/** The body a page sends (before parsing): quantities as typed, the echoed order and discounts. */
export type FullCartUpdateBody = z.input<typeof FullCartUpdateRequest>;

/** One line of the cart answer (storefront §3 Order item, plus what the mini cart reads). */
export const CartItemView = z.object({
  id: z.number(),
  sku: z.number().nullable(),
  sku_code: z.string(),
  title: z.string(),
  format: z.string(),
  /** Goods: the count. A donation (user_defined_price): the amount in dollars. */
  quantity: z.number(),
  user_defined_price: z.boolean(),
  /** The line total, two decimals ("25.98"), and in cents. */
  price: z.string(),
  price_cents: z.number(),
  /** One item's price before savings. */
  original_price: z.string(),
  original_price_cents: z.number(),
  saved: z.string(),
  saved_cents: z.number(),
  /** Where the line's title leads: the product page, the donate page for a gift, null for a SKU of no product. */
  url: z.string().nullable(),
  image: z.string().nullable(),
  html: z.string(),
});
export type CartItemView = z.infer<typeof CartItemView>;

export const CartDiscountView = z.object({
  id: z.number(),
  code: z.string(),
  description: z.string(),
  amount_saved: z.string(),
  amount_saved_cents: z.number(),
});
export type CartDiscountView = z.infer<typeof CartDiscountView>;

/** GET/PUT /api/store/shop/full-cart/ and add-to-cart's answer (the mini cart reads items of the same shape). */
export const CartAnswer = z.object({
  metadata: z.object({ success: z.boolean(), message: z.string().optional(), errors: z.array(z.string()) }),
  order: z.object({
    subtotal: z.string(),
    subtotal_cents: z.number(),
    savings: z.string(),
    savings_cents: z.number(),
    /** The stream version: a push or an answer with a lower one is stale. */
    version: z.number(),
  }),
  items: z.array(CartItemView),
  discounts: z.array(CartDiscountView),
  /** Codes that dropped out of `discounts` on this change, with why. */
  dropped_discounts: z.record(z.string(), z.string()),
});
export type CartAnswer = z.infer<typeof CartAnswer>;

/** The `/public` socket push to every tab of a cart: the cart changed, fetch it (version to skip stale ones). */
export interface CartChangedMessage {
  version: number;
}
