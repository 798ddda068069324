import { z } from "zod";
import { defineEvent, type EventOf } from "../event-registry.ts";

/** One stream per cart: `cart-{id}`; a visitor's id is their cookie's, a signed-in shopper's is `user-{userId}`. */
export const cartStream = (cartId: string) => `cart-${cartId}`;
export const userCartId = (userId: string) => `user-${userId}`;

const line = { lineId: z.number().int().positive(), skuCode: z.string() };
const at = z.string();

/** Goods added: `quantity` is how many were added (the line holds the sum). */
export const CartItemAdded = defineEvent(
  "CartItemAdded",
  z.object({ ...line, quantity: z.number().int().positive(), at }),
);
/** A line's quantity set outright (the cart page's update). */
export const CartItemQuantityChanged = defineEvent(
  "CartItemQuantityChanged",
  z.object({ ...line, quantity: z.number().int().positive(), at }),
);
export const CartItemRemoved = defineEvent("CartItemRemoved", z.object({ ...line, at }));
/** A donation SKU (user-defined price): the line holds an amount, not a count. */
export const CartDonationAdded = defineEvent(
  "CartDonationAdded",
  z.object({ ...line, amountCents: z.number().int().positive(), at }),
);
export const CartDonationAdjusted = defineEvent(
  "CartDonationAdjusted",
  z.object({ ...line, amountCents: z.number().int().positive(), at }),
);
export const CartDonationRemoved = defineEvent("CartDonationRemoved", z.object({ ...line, at }));
export const CartDiscountApplied = defineEvent("CartDiscountApplied", z.object({ code: z.string(), at }));
/** `reason` is why a code dropped out when the cart changed (a rule's message); null when the shopper removed it. */
export const CartDiscountRemoved = defineEvent(
  "CartDiscountRemoved",
  z.object({ code: z.string(), reason: z.string().nullable(), at }),
);
/** A visitor's cart taken into the account's cart at login. */
export const CartMergedIn = defineEvent(
  "CartMergedIn",
  z.object({
    fromCart: z.string(),
    items: z.array(z.object({ skuCode: z.string(), quantity: z.number().int().positive() })),
    donations: z.array(z.object({ skuCode: z.string(), amountCents: z.number().int().positive() })),
    codes: z.array(z.string()),
    at,
  }),
);
/** The visitor's cart, emptied: its contents now live in `intoCart`. */
export const CartMergedAway = defineEvent("CartMergedAway", z.object({ intoCart: z.string(), at }));

export const cartEvents = [
  CartItemAdded,
  CartItemQuantityChanged,
  CartItemRemoved,
  CartDonationAdded,
  CartDonationAdjusted,
  CartDonationRemoved,
  CartDiscountApplied,
  CartDiscountRemoved,
  CartMergedIn,
  CartMergedAway,
] as const;
export type CartEvent = EventOf<typeof cartEvents>;
