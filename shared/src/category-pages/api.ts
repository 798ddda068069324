import { z } from "zod";
import { SkuCard } from "../catalog/api.ts";

// The store category pages of storefront §2: the magazine subscription and the alphabet-order supplies.

const Metadata = z.object({ success: z.boolean(), message: z.string().optional() });

/** A subscription SKU with its term and the number of free video downloads the term includes. */
export const MagazineTerm = SkuCard.extend({ years: z.number().int(), free_downloads: z.number().int() });
export type MagazineTerm = z.infer<typeof MagazineTerm>;

/** GET /api/store/magazine/: the terms (1 to 3 years) and the free video downloads to tick. */
export const MagazinePageAnswer = z.object({
  metadata: Metadata,
  terms: z.array(MagazineTerm),
  free_downloads: z.array(SkuCard),
});
export type MagazinePageAnswer = z.infer<typeof MagazinePageAnswer>;

/** POST /api/store/magazine/add-to-cart/: one subscription term and the ticked free downloads. */
export const MagazineAddToCartRequest = z.object({
  subscription: z.string().trim().min(1, "This field is required.").max(100),
  free_downloads: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
});
export type MagazineAddToCartRequest = z.infer<typeof MagazineAddToCartRequest>;

/** One row of the alphabet-order page: the supplies whose name starts with `letter` ('#' for a digit or sign). */
export const AlphabetOrderRow = z.object({ letter: z.string(), items: z.array(SkuCard) });
export type AlphabetOrderRow = z.infer<typeof AlphabetOrderRow>;

/** GET /api/store/alphabet-order/: the supplies (category abc) in alphabet order, a row per letter. */
export const AlphabetOrderAnswer = z.object({ metadata: Metadata, rows: z.array(AlphabetOrderRow) });
export type AlphabetOrderAnswer = z.infer<typeof AlphabetOrderAnswer>;

/** The row letter of a supply's name: its first letter, upper case; '#' when it does not start with one. */
export function rowLetterOf(name: string): string {
  const first = name.trim().charAt(0).toUpperCase();
  return /^[A-Z]$/.test(first) ? first : "#";
}

// Made once, on first use: `localeCompare` with a locale or options builds a new ICU collator on every
// comparison (8 ms to sort 300 names, against 0.2).
let byName: Intl.Collator | undefined;

/** Supplies in alphabet order (by name, case and accents aside), a row per first letter. */
export function alphabetRows<T extends { name: string }>(items: readonly T[]): { letter: string; items: T[] }[] {
  byName ??= new Intl.Collator("en", { sensitivity: "base" });
  const collator = byName;
  const sorted = [...items].sort((a, b) => collator.compare(a.name, b.name));
  const rows: { letter: string; items: T[] }[] = [];
  for (const item of sorted) {
    const letter = rowLetterOf(item.name);
    const row = rows.find((r) => r.letter === letter);
    if (row) row.items.push(item);
    else rows.push({ letter, items: [item] });
  }
  return rows.sort((a, b) => (a.letter === "#" ? 1 : b.letter === "#" ? -1 : a.letter.localeCompare(b.letter)));
}
