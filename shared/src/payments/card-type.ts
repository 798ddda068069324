/** The card brands the checkout recognises (back-office §3). */
export const CARD_TYPES = ["Amex", "Visa", "MasterCard", "Discover"] as const;
export type CardType = (typeof CARD_TYPES)[number];

const BY_FIRST_DIGIT: Record<string, CardType> = { "3": "Amex", "4": "Visa", "5": "MasterCard", "6": "Discover" };

/** The most digits a card number of this type has: 15 for Amex, 16 for the others (and for an unknown type). */
export function maxCardLength(type: CardType | null): number {
  return type === "Amex" ? 15 : 16;
}

/**
 * The card type from the first digit: 3 Amex, 4 Visa, 5 MasterCard, 6 Discover. Spaces and
 * dashes are ignored. A number longer than its type allows (16+ digits for Amex, 17+ for the
 * others) matches no type, so every card mark is dimmed.
 */
export function cardTypeFor(number: string): CardType | null {
  const digits = number.replace(/[\s-]/g, "");
  if (!/^\d+$/.test(digits)) return null;
  const type = BY_FIRST_DIGIT[digits[0]];
  if (!type || digits.length > maxCardLength(type)) return null;
  return type;
}
