import type { CartChangedMessage } from "@shop/shared";
import type { LiveMessageMapper } from "../live/live-messages.ts";

/** Room of every `/public` socket of one cart (all the visitor's tabs): joined from the cookies at connection. */
export const cartRoom = (cartId: string) => `cart:${cartId}`;

const CART_STREAM = /^cart-(.+)$/;

/**
 * Every change to a cart tells its tabs `cart:changed {version}`; they fetch the cart (prices come
 * from the catalog at read time, so the push carries no contents that could go stale).
 */
export const cartLiveMessages: LiveMessageMapper = (event) => {
  const match = CART_STREAM.exec(event.streamId);
  if (!match || !event.type.startsWith("Cart")) return [];
  const payload: CartChangedMessage = { version: event.streamPosition };
  return [{ namespace: "/public", room: cartRoom(match[1]), name: "cart:changed", payload }];
};
