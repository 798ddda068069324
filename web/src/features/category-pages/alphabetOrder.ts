import { toQuantity } from "../cart/money";

type Priced = { sku: string; price_cents: number };

/** §5 order form: a quantity that is not a number counts as 0; the total follows every keystroke, in cents. */
export function runningTotalCents(items: readonly Priced[], quantities: Record<string, string>): number {
  return items.reduce((sum, item) => sum + toQuantity(quantities[item.sku] ?? "") * item.price_cents, 0);
}

/** §5: a quantity box left holding what is not a number shows 0 again (the field cannot be null). */
export const settledQuantity = (text: string): string => String(toQuantity(text));

/** The `{sku}={qty}` pairs of the boxes holding more than 0, for add-to-cart. */
export function orderPairs(items: readonly Priced[], quantities: Record<string, string>): Record<string, number> {
  const pairs: Record<string, number> = {};
  for (const item of items) {
    const quantity = toQuantity(quantities[item.sku] ?? "");
    if (quantity > 0) pairs[item.sku] = quantity;
  }
  return pairs;
}
