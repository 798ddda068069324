import type { CartChangedMessage } from "@shop/shared/cart/api";
import { STOREFRONT_MESSAGES } from "@shop/shared/domain/messages";

/** §8: the cart's own wording (the storefront's catalogue in shared). */
export const AUTO_UPDATE_FAILED = STOREFRONT_MESSAGES.cartAutoUpdateFailed;
export const ITEM_REMOVED = STOREFRONT_MESSAGES.itemRemoved;
export const DONATION_ADDED = STOREFRONT_MESSAGES.donationAdded;
export const DONATION_ADJUSTED = STOREFRONT_MESSAGES.donationAdjusted;
export const DONATION_REMOVED = STOREFRONT_MESSAGES.donationRemoved;

/** §5: coupon codes are upper-cased and trimmed; an empty code is ignored. */
export function couponCodes(text: string): string[] {
  const code = text.trim().toUpperCase();
  return code ? [code] : [];
}

/** The donation message for a change of amount, when the server sends none. */
export function donationMessage(before: number, after: number): string | null {
  if (before === after) return null;
  if (before === 0) return DONATION_ADDED;
  return after === 0 ? DONATION_REMOVED : DONATION_ADJUSTED;
}

/**
 * §4: stale cart responses are ignored unless they answer the latest request. Each request takes a ticket;
 * an answer counts only while its ticket is still the newest.
 */
export function latestOnly() {
  let newest = 0;
  return {
    ticket: () => ++newest,
    isLatest: (ticket: number) => ticket === newest,
  };
}

/**
 * The `cart:changed` push handler of one cached cart: the tab refetches only for a version newer than
 * the one it holds. A push for a change the tab already shows (its own edit's answer, or a later one)
 * is skipped; with no cart held yet, or a push without a version, the tab asks.
 */
export function cartPushHandler(held: () => { order?: { version?: number } } | undefined, refetch: () => void) {
  return (message: Partial<CartChangedMessage> | undefined) => {
    const pushed = message?.version;
    const holding = held()?.order?.version;
    if (typeof pushed === "number" && typeof holding === "number" && pushed <= holding) return;
    refetch();
  };
}
