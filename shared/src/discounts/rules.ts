import type { DiscountTerms } from "./events.ts";
import { DISCOUNT_MESSAGES as M } from "./messages.ts";

/** A discount as the rule engine sees it: its code, id and terms. */
export type Discount = DiscountTerms & { id: number; code: string };

/** What of the cart the rules read: the goods' total (donations excluded) and the lines by SKU code. */
export interface DiscountCart {
  goodsCents: number;
  lines: ReadonlyArray<{ skuCode: string; quantity: number }>;
}

/** Who is shopping: signed in or not, and the groups they belong to. */
export interface Shopper {
  signedIn: boolean;
  groups: readonly string[];
}

export type DiscountCheck = { ok: true; amountSavedCents: number } | { ok: false; message: string };

/**
 * Pure: whether a discount applies to this cart for this shopper now, and how much it takes off.
 * The first unmet rule answers, in the order a shopper can act on: the code, its window, who, what.
 */
export function checkDiscount(
  discount: Discount | null,
  cart: DiscountCart,
  shopper: Shopper,
  now: Date,
): DiscountCheck {
  if (!discount) return { ok: false, message: M.notFound };
  if (!discount.active || !withinWindow(discount, now)) return { ok: false, message: M.notAppropriate };
  if (discount.requiresUser && !shopper.signedIn) return { ok: false, message: M.user };
  if (discount.requiresGroup && !shopper.groups.includes(discount.requiresGroup))
    return { ok: false, message: M.group };
  const quantities = new Map<string, number>();
  for (const line of cart.lines) quantities.set(line.skuCode, (quantities.get(line.skuCode) ?? 0) + line.quantity);
  if (discount.requiredSkus.some((code) => !quantities.has(code))) return { ok: false, message: M.requiredItems };
  const counted = discount.requiredSkus.length
    ? discount.requiredSkus.reduce((sum, code) => sum + (quantities.get(code) ?? 0), 0)
    : [...quantities.values()].reduce((sum, q) => sum + q, 0);
  if (counted < discount.requiredQuantity) return { ok: false, message: M.requiredQuantity };
  if (cart.goodsCents < discount.minSubtotalCents) return { ok: false, message: M.subtotal };
  return { ok: true, amountSavedCents: amountOff(discount, cart.goodsCents) };
}

function withinWindow(discount: Discount, now: Date): boolean {
  const t = now.getTime();
  if (discount.starts && t < Date.parse(discount.starts)) return false;
  if (discount.ends && t >= Date.parse(discount.ends)) return false;
  return true;
}

/** Percent off rounds half up once, on the goods' total; an amount never takes off more than the goods cost. */
export function amountOff(discount: Pick<Discount, "percentOff" | "amountOffCents">, goodsCents: number): number {
  if (discount.percentOff !== null)
    return Math.min(goodsCents, Math.floor((goodsCents * discount.percentOff + 50) / 100));
  return Math.min(goodsCents, discount.amountOffCents ?? 0);
}

export interface PricedDiscounts {
  applied: Array<{ discount: Discount; amountSavedCents: number }>;
  /** Codes in the cart that no longer apply, with why. */
  dropped: Array<{ code: string; message: string }>;
}

/**
 * Prices the cart's codes in the order they were applied. Together they never take off more than
 * the goods cost: a later discount saves only what is left.
 */
export function priceDiscounts(
  codes: readonly string[],
  discounts: ReadonlyMap<string, Discount>,
  cart: DiscountCart,
  shopper: Shopper,
  now: Date,
): PricedDiscounts {
  const result: PricedDiscounts = { applied: [], dropped: [] };
  let left = cart.goodsCents;
  for (const code of codes) {
    const discount = discounts.get(code) ?? null;
    const check = checkDiscount(discount, cart, shopper, now);
    if (!check.ok || !discount) {
      result.dropped.push({ code, message: check.ok ? M.notFound : check.message });
      continue;
    }
    const saved = Math.min(left, check.amountSavedCents);
    left -= saved;
    result.applied.push({ discount, amountSavedCents: saved });
  }
  return result;
}

/** Codes as typed: upper-cased and trimmed; an empty one is ignored (storefront §5). */
export function normaliseCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/**
 * Pure: the shipping methods the applied discounts make free: "all", or the listed rate codes
 * (empty: none). A free-shipping discount that names no method covers every method.
 */
export function freeShippingOf(applied: ReadonlyArray<{ discount: Discount }>): "all" | string[] {
  const methods = new Set<string>();
  for (const { discount } of applied) {
    if (!discount.freeShipping) continue;
    if (discount.freeShippingMethods.length === 0) return "all";
    for (const m of discount.freeShippingMethods) methods.add(m);
  }
  return [...methods];
}
