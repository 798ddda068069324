import { DomainError } from "../errors/domain-error.ts";

/** Why the cart refuses a request; the whole request is refused and nothing is written. */
export const cartErrorCodes = [
  "CART_ITEM_NOT_FOUND",
  "CART_ITEM_INACTIVE",
  "CART_ITEM_SOLD_OUT",
  "CART_TOO_MUCH",
  "CART_BAD_QUANTITY",
  "CART_NO_ITEMS",
  "CART_FREE_DOWNLOADS_OVER",
  "CART_FREE_DOWNLOADS_NO_SUBSCRIPTION",
  "CART_NOT_A_FREE_DOWNLOAD",
  "CART_NOT_A_SUBSCRIPTION",
] as const;
export type CartErrorCode = (typeof cartErrorCodes)[number];

/** A cart refusal; the message names the SKU when it is about one (storefront §7: metadata.success false). */
export class CartRefusedError extends DomainError<CartErrorCode> {}
