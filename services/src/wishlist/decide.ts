import {
  MAX_WISHLIST_ITEMS,
  WISHLIST_MESSAGES,
  WishlistRefusedError,
  type SkuForCart,
  type WishlistEvent,
} from "@shop/shared";
import type { Wishlist } from "./wishlist.ts";

export type WishlistCommand =
  | { type: "AddToWishlist"; data: { skuCode: string; sku: SkuForCart | undefined; now: Date } }
  | { type: "RemoveFromWishlist"; data: { skuCode: string; now: Date } };

/**
 * Pure. A SKU is kept once (adding it again changes nothing); a sold-out or backordered SKU may be
 * kept (that is what a wishlist is for), an unknown or inactive one may not, nor a donation (its
 * amount is the shopper's to name at the time). Removing what is not there changes nothing.
 */
export function decideWishlist(command: WishlistCommand, state: Wishlist): WishlistEvent[] {
  const { skuCode, now } = command.data;
  const at = now.toISOString();
  const kept = state.items.some((i) => i.skuCode === skuCode);
  switch (command.type) {
    case "AddToWishlist": {
      const { sku } = command.data;
      if (!sku) throw new WishlistRefusedError("WISHLIST_ITEM_NOT_FOUND", WISHLIST_MESSAGES.notFound(skuCode));
      if (!sku.active)
        throw new WishlistRefusedError("WISHLIST_ITEM_INACTIVE", WISHLIST_MESSAGES.inactive(sku.title, skuCode));
      if (sku.userDefinedPrice) throw new WishlistRefusedError("WISHLIST_DONATION", WISHLIST_MESSAGES.donation);
      if (kept) return [];
      if (state.items.length >= MAX_WISHLIST_ITEMS)
        throw new WishlistRefusedError("WISHLIST_FULL", WISHLIST_MESSAGES.full);
      return [{ type: "WishlistItemAdded", data: { skuCode, at } }];
    }
    case "RemoveFromWishlist":
      return kept ? [{ type: "WishlistItemRemoved", data: { skuCode, at } }] : [];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}
