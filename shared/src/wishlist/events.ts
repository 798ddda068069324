import { z } from "zod";
import { defineEvent, type EventOf } from "../event-registry.ts";

/** One wishlist per account: `wishlist-{userId}` (storefront §2: /account/wishlist/?add={sku}). */
export const wishlistStream = (userId: string) => `wishlist-${userId}`;

/** A SKU kept for later; `at` is when (the list shows the latest first). */
export const WishlistItemAdded = defineEvent("WishlistItemAdded", z.object({ skuCode: z.string(), at: z.string() }));
/** A SKU taken off the wishlist. */
export const WishlistItemRemoved = defineEvent(
  "WishlistItemRemoved",
  z.object({ skuCode: z.string(), at: z.string() }),
);

export const wishlistEvents = [WishlistItemAdded, WishlistItemRemoved] as const;
export type WishlistEvent = EventOf<typeof wishlistEvents>;
