import { categoryForSku } from "../catalog/sku-category.ts";

// Storefront §4 "Magazine subscription" and §9 "Magazine years: 1 to 3". Pure: the magazine page
// ticks its boxes with `tickStates`, the cart decides with `freeDownloadCheck`, both from here.

/** §9: the terms a subscription is sold in. */
export const MAGAZINE_YEARS = [1, 2, 3] as const;

/**
 * How many free video downloads each term includes. The spec says only that the year count "sets"
 * the number; one download per year is our reading (docs/storefront-pages.md).
 */
export const FREE_DOWNLOADS_PER_TERM: Readonly<Record<number, number>> = { 1: 1, 2: 2, 3: 3 };

/** The catalog format that marks a magazine SKU (95-) as one of the free video downloads. */
export const FREE_DOWNLOAD_FORMAT = "Free Video Download";

export const MAGAZINE_MESSAGES = {
  chooseTerm: "Please choose a 1, 2 or 3 year subscription.",
  noSubscription: "Free video downloads come with a magazine subscription. Please choose 1, 2 or 3 years first.",
  tooMany: (allowed: number) =>
    `Your magazine subscription includes ${allowed} free video download${allowed === 1 ? "" : "s"}.`,
  notFree: (title: string, code: string) => `"${title}" (${code}) is not one of the free video downloads.`,
} as const;

/** What the rules need to know of a SKU: its code and catalog format. */
export interface MagazineSku {
  code: string;
  format: string;
}

/** A magazine subscription SKU's term in years ('1 Year', '2 Years', '3 Years' under 95-); null for any other SKU. */
export function subscriptionYears(sku: MagazineSku): number | null {
  if (categoryForSku(sku.code) !== "magazine-sub") return null;
  const match = /^([1-9]) Years?$/.exec(sku.format.trim());
  const years = match ? Number(match[1]) : 0;
  return FREE_DOWNLOADS_PER_TERM[years] === undefined ? null : years;
}

/** Whether a SKU is one of the downloads a subscription includes free. */
export function isFreeDownload(sku: MagazineSku): boolean {
  return categoryForSku(sku.code) === "magazine-sub" && sku.format.trim() === FREE_DOWNLOAD_FORMAT;
}

/** How many free downloads a term includes (0 for no subscription). */
export const freeDownloadsAllowed = (years: number | null): number =>
  years === null ? 0 : (FREE_DOWNLOADS_PER_TERM[years] ?? 0);

export interface TickBox {
  code: string;
  soldOut: boolean;
}

export interface TickStates {
  /** The ticked codes that stay ticked, in the order they were ticked. */
  ticked: string[];
  /** Codes whose box is disabled. */
  disabled: Set<string>;
  allowed: number;
}

/**
 * §4: the term sets how many boxes may be ticked. Once the count is reached the other boxes are
 * disabled; with fewer ticked the boxes that are not sold out are enabled; with more ticked the
 * surplus (the latest ticks) is cleared; sold-out boxes stay disabled (and never ticked).
 */
export function tickStates(years: number | null, boxes: readonly TickBox[], ticked: readonly string[]): TickStates {
  const allowed = freeDownloadsAllowed(years);
  const soldOut = new Set(boxes.filter((b) => b.soldOut).map((b) => b.code));
  const known = new Set(boxes.map((b) => b.code));
  const kept = [...new Set(ticked)].filter((code) => known.has(code) && !soldOut.has(code)).slice(0, allowed);
  const full = kept.length >= allowed;
  const disabled = new Set(boxes.filter((b) => b.soldOut || (full && !kept.includes(b.code))).map((b) => b.code));
  return { ticked: kept, disabled, allowed };
}

/** One cart line as the cart rule sees it. */
export interface MagazineLine extends MagazineSku {
  lineId: number;
  quantity: number;
}

export type FreeDownloadCheck =
  | { ok: true }
  | { ok: false; refuse: "noSubscription" | "tooMany"; allowed: number }
  | { ok: false; trim: { lineId: number; code: string; quantity: number }[]; allowed: number };

const freeUnits = (lines: readonly MagazineLine[]) =>
  lines.filter(isFreeDownload).reduce((sum, l) => sum + l.quantity, 0);

/**
 * The cart's rule, given its lines before and after a change. Each subscription in the cart (times
 * its quantity: a gift subscription counts too) allows its term's downloads. A change that adds
 * free downloads beyond that is refused (none without a subscription). A change that only lowers
 * the allowance (a shorter term, a removed subscription) keeps the cart valid by clearing the
 * surplus, the latest added first, as the page clears surplus ticks.
 */
export function freeDownloadCheck(before: readonly MagazineLine[], after: readonly MagazineLine[]): FreeDownloadCheck {
  const allowed = after.reduce((sum, l) => sum + freeDownloadsAllowed(subscriptionYears(l)) * l.quantity, 0);
  const used = freeUnits(after);
  if (used <= allowed) return { ok: true };
  if (used > freeUnits(before)) return { ok: false, refuse: allowed === 0 ? "noSubscription" : "tooMany", allowed };
  let surplus = used - allowed;
  const trim: { lineId: number; code: string; quantity: number }[] = [];
  for (const line of [...after].filter(isFreeDownload).sort((a, b) => b.lineId - a.lineId)) {
    if (surplus <= 0) break;
    const cleared = Math.min(surplus, line.quantity);
    trim.push({ lineId: line.lineId, code: line.code, quantity: line.quantity - cleared });
    surplus -= cleared;
  }
  return { ok: false, trim, allowed };
}
