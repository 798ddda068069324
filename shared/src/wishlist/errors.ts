import { DomainError } from "../errors/domain-error.ts";

/** Why the wishlist refuses an item; nothing is written. */
export const wishlistErrorCodes = [
  "WISHLIST_ITEM_NOT_FOUND",
  "WISHLIST_ITEM_INACTIVE",
  "WISHLIST_DONATION",
  "WISHLIST_FULL",
] as const;
export type WishlistErrorCode = (typeof wishlistErrorCodes)[number];

/** A wishlist refusal; the message names the SKU when it is about one. */
export class WishlistRefusedError extends DomainError<WishlistErrorCode> {}
