import { categoryLabel } from "@shop/shared/catalog/category-labels";
import type { Sku } from "../catalog/catalogTypes";
import { donationCents, toQuantity } from "../cart/money";

/** The message beside a quantity box whose text is not a whole number (issue 26 §8: refused at once). */
export const NOT_A_QUANTITY = "Please enter a whole number, such as 2.";

/** Why a typed quantity is refused, or null: empty and whole numbers pass; "x", "2.5" or "-1" do not. */
export function quantityProblem(text: string): string | null {
  return text.trim() === "" || /^\d+$/.test(text.trim()) ? null : NOT_A_QUANTITY;
}

/** §5: a quantity that is not a number counts as 0; the total follows every keystroke (cents). */
export function orderTotalCents(
  skus: Pick<Sku, "sku" | "price_cents">[],
  quantities: Record<string, string>,
  donation: string,
) {
  const goods = skus.reduce((sum, s) => sum + toQuantity(quantities[s.sku] ?? "") * s.price_cents, 0);
  return goods + donationCents(donation);
}

export type OrderFormSection<T> = { category: string; title: string; skus: T[] };

/** The form's SKUs grouped by category, sections in the order of their names, SKUs as listed. */
export function sectionsOf<T extends Pick<Sku, "category">>(skus: T[]): OrderFormSection<T>[] {
  const byCategory = new Map<string, T[]>();
  for (const s of skus) byCategory.set(s.category, [...(byCategory.get(s.category) ?? []), s]);
  return [...byCategory]
    .map(([category, list]) => ({ category, title: categoryLabel(category), skus: list }))
    .sort((a, b) => a.title.localeCompare(b.title));
}
