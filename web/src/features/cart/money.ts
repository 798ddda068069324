import { formatCents, parseCurrencyToCents } from "@shop/shared/domain/currency";

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** A price as the wire sends it ("12.99", 12.99) shown as "$12.99". */
export function money(value: string | number | null | undefined): string {
  const amount = typeof value === "number" ? value : Number.parseFloat(value ?? "");
  return Number.isFinite(amount) ? dollars.format(amount) : "";
}

/** §5: a quantity box's text as an integer; anything that is not a number counts as 0. */
export function toQuantity(text: string): number {
  const n = Number.parseInt(text.trim(), 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** A typed donation in cents, cents kept ("$12.50" is 1250); not a number or below zero is 0. */
export function donationCents(text: string): number {
  return Math.max(0, parseCurrencyToCents(text));
}

/** A donation as the API takes it: dollars, decimals allowed (1250 cents is 12.5). */
export const donationDollars = (cents: number) => cents / 100;

/** A donation box's text once it loses focus: "12.5" reads "12.50"; nothing or not a number is empty. */
export function donationOnBlur(text: string): string {
  const cents = donationCents(text);
  return cents > 0 ? formatCents(cents) : "";
}
