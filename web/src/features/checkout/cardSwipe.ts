import { parseCardSwipe } from "@shop/shared/payments/card-swipe";

/**
 * What a magnetic-stripe reader's swipe fills in (spec 11): a reader types track 1
 * (`%B4111…^DOE/JOHN^2712…?`) into the focused card number box like a keyboard. Once the closing `?`
 * arrives, the number, expiry and name go to their fields and the raw track (with its discretionary
 * data) is dropped: it never reaches the form's state, let alone the server. Null for ordinary typing.
 */
export function cardFieldsFromSwipe(typed: string): Record<string, string> | null {
  const swipe = parseCardSwipe(typed);
  if (!swipe) return null;
  return {
    card_number: swipe.number,
    exp_month: swipe.expMonth,
    exp_year: swipe.expYear,
    name_on_card: swipe.name,
  };
}

/** Whether the number box holds a swipe still arriving: not shown, not kept, while the reader types. */
export const isSwipeInProgress = (typed: string) => (typed === "%" || typed.startsWith("%B")) && !typed.includes("?");
