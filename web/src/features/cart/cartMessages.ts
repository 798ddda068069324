/** §8: the cart's own wording. */
export const AUTO_UPDATE_FAILED =
  'Auto-update failed, please use the "Update Cart" button to update your cart manually.';
export const ITEM_REMOVED = "Item removed successfully.";
export const DONATION_ADDED = "Donation added to cart.";
export const DONATION_ADJUSTED = "Donation adjusted.";
export const DONATION_REMOVED = "Donation removed from cart.";

/** §8: coupon answers shown as negative; any other answer is neutral. */
export const NEGATIVE_COUPON_ANSWERS = new Set([
  "Discount not found!",
  "You do not have the appropriate discount code",
  "Subtotal does not meet requirements",
  "You do not meet the user requirements",
  "You do not meet the group requirements",
  "You do not have all the required items!",
  "You do not have enough of the required items",
]);

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
