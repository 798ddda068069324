import { z } from "zod";
import { cardTypeFor } from "./card-type.ts";

/** The card number as digits only (spaces and dashes dropped). */
export const cardDigits = (number: string) => number.replace(/[\s-]/g, "");

/** The Luhn check every card number passes (its last digit checks the others). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Whether a card expiring at the end of month/year can still pay at `now` (a card is good through its month). */
export function cardExpired(month: number, year: number, now: Date): boolean {
  const fullYear = year < 100 ? 2000 + year : year;
  return fullYear < now.getUTCFullYear() || (fullYear === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
}

/** The brand shown for a card: the back-office rule by first digit (Amex, Visa, MasterCard, Discover), else 'Card'. */
export const cardBrand = (number: string) => cardTypeFor(number) ?? "Card";

/**
 * What of a payment may be kept (an event, a read model, a log line, a push): never the card
 * number, CVV or swipe data; only the brand, the last four digits and the gateway's reference.
 */
export const PaymentSummary = z.object({
  type: z.enum(["card", "check", "none"]),
  /** paid: captured; awaiting: a check or money order to come; none: nothing to pay. */
  status: z.enum(["paid", "awaiting", "none"]),
  gateway: z.string().nullable(),
  brand: z.string().nullable(),
  last4: z
    .string()
    .regex(/^\d{4}$/)
    .nullable(),
  reference: z.string().nullable(),
  amountCents: z.number().int().nonnegative(),
});
export type PaymentSummary = z.infer<typeof PaymentSummary>;
