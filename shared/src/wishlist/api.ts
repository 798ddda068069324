import { z } from "zod";

/** Most SKUs one wishlist keeps. */
export const MAX_WISHLIST_ITEMS = 200;

/** What the wishlist answers say (metadata.message) and its refusals' wording. */
export const WISHLIST_MESSAGES = {
  added: "Added to your wishlist.",
  alreadyThere: "This item is already in your wishlist.",
  removed: "Removed from your wishlist.",
  notThere: "This item is not in your wishlist.",
  notFound: (code: string) => `Sorry, we could not find the item "${code}".`,
  inactive: (title: string, code: string) => `Sorry, "${title}" (${code}) is no longer available.`,
  donation: "Donations cannot be kept in a wishlist. Please give on the donate page.",
  full: `Your wishlist holds at most ${MAX_WISHLIST_ITEMS} items. Please remove one first.`,
} as const;

/** POST /api/account/wishlist/: keep one SKU for later. */
export const WishlistAddRequest = z.object({ sku_code: z.string().trim().min(1).max(100) });
export type WishlistAddRequest = z.infer<typeof WishlistAddRequest>;

/** One kept SKU, priced by the catalog now (money as the cart shows it: "12.99" and cents). */
export const WishlistItemView = z.object({
  sku: z.number().nullable(),
  sku_code: z.string(),
  title: z.string(),
  format: z.string(),
  price: z.string(),
  price_cents: z.number(),
  original_price: z.string().nullable(),
  original_price_cents: z.number().nullable(),
  url: z.string(),
  image: z.string().nullable(),
  /** False when the SKU left the catalog or was made inactive: it can only be removed. */
  available: z.boolean(),
  is_sold_out: z.boolean(),
  is_backordered: z.boolean(),
  added_at: z.string(),
});
export type WishlistItemView = z.infer<typeof WishlistItemView>;

/** GET, POST and DELETE /api/account/wishlist/...: the whole list, latest first. */
export const WishlistAnswer = z.object({
  metadata: z.object({ success: z.boolean(), message: z.string().optional(), errors: z.array(z.string()) }),
  items: z.array(WishlistItemView),
  /** The stream version (-1 before the first event). */
  version: z.number(),
});
export type WishlistAnswer = z.infer<typeof WishlistAnswer>;
