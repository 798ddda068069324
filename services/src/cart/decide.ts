import {
  CartRefusedError,
  fieldMessage,
  DISCOUNT_MESSAGES,
  type CartErrorCode,
  checkDiscount,
  normaliseCode,
  parseCurrencyToCents,
  priceDiscounts,
  type CartEvent,
  type Discount,
  type Shopper,
} from "@shop/shared";
import type { SkuForCart } from "@shop/shared/catalog/sku-for-cart";
import { freeDownloadCheck, MAGAZINE_MESSAGES, type MagazineLine } from "@shop/shared/category-pages/free-downloads";
import { cartDecider, MAX_LINE_QUANTITY, type Cart } from "./cart.ts";
import { discountCartOf } from "./pricing.ts";

/** What a cart command decides with: the catalog's SKUs and the discounts it names, who shops, when. */
export interface CartContext {
  skus: ReadonlyMap<string, SkuForCart>;
  discounts: ReadonlyMap<string, Discount>;
  shopper: Shopper;
  now: Date;
}

/** A requested line as typed: the quantity (goods) or amount (donations) is still text. */
export interface RequestedItem {
  skuCode: string;
  quantity: string | number;
}

export type CartCommand =
  | { type: "AddToCart"; data: { items: RequestedItem[] } }
  | { type: "UpdateCart"; data: { items: RequestedItem[] } };

export { MAX_LINE_QUANTITY };
/** The largest donation, in cents: what the events' integers hold safely. */
export const MAX_DONATION_CENTS = 100_000_000;

/** Quantity is converted to an integer; what is not a number counts as 0, and 0 removes (storefront §5). */
export function parseQuantity(raw: string | number): number {
  const n = Number.parseInt(String(raw).trim(), 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

const refuse = (code: CartErrorCode, message: string) => new CartRefusedError(code, message);

/**
 * A quantity or amount below zero is a mistake, not a removal: refused naming the SKU's field, and
 * nothing is written. (What is not a number still counts as 0, storefront §5.)
 */
function refuseNegative(skuCode: string, raw: string | number): void {
  if (!/^\s*-\s*\$?\s*0*[1-9]/.test(String(raw))) return;
  throw new CartRefusedError(
    "CART_BAD_QUANTITY",
    `Please enter a quantity of 0 or more for "${skuCode}".`,
    fieldMessage(skuCode, "Ensure this value is greater than or equal to 0."),
  );
}

/** Why a SKU cannot go into the cart, naming it; null when it can. */
export function unavailable(code: string, sku: SkuForCart | undefined): CartRefusedError | null {
  if (!sku) return refuse("CART_ITEM_NOT_FOUND", `Sorry, we could not find the item "${code}".`);
  if (!sku.active) return refuse("CART_ITEM_INACTIVE", `Sorry, "${sku.title}" (${code}) is no longer available.`);
  if (!sku.userDefinedPrice && sku.stock !== null && sku.stock <= 0 && !sku.backorder)
    return refuse("CART_ITEM_SOLD_OUT", `Sorry, "${sku.title}" (${code}) is sold out.`);
  return null;
}

/**
 * Pure. Adding puts goods on top of what the line holds; updating sets it. 0 removes either way.
 * A donation SKU's quantity is its amount. After the goods change, a code that no longer applies
 * drops out with the rule's message. Removing is always allowed; anything else needs a SKU that
 * can be sold, or the whole request is refused and nothing is written.
 */
export function decideCart(command: CartCommand, state: Cart, context: CartContext): CartEvent[] {
  const at = context.now.toISOString();
  const events: CartEvent[] = [];
  let cart = state;
  const push = (event: CartEvent) => {
    events.push(event);
    cart = cartDecider.evolve(cart, event);
  };
  for (const item of command.data.items) {
    const sku = context.skus.get(item.skuCode);
    const skuCode = item.skuCode;
    refuseNegative(skuCode, item.quantity);
    if (sku?.userDefinedPrice) {
      const amountCents = Math.max(0, parseCurrencyToCents(item.quantity));
      const existing = cart.donations.find((d) => d.skuCode === skuCode);
      if (amountCents === 0) {
        if (existing) push({ type: "CartDonationRemoved", data: { lineId: existing.lineId, skuCode, at } });
        continue;
      }
      const refusal = unavailable(skuCode, sku);
      if (refusal) throw refusal;
      if (amountCents > MAX_DONATION_CENTS)
        throw refuse("CART_TOO_MUCH", "Please call us to give more than $1,000,000 at once.");
      if (!existing) push({ type: "CartDonationAdded", data: { lineId: cart.nextLineId, skuCode, amountCents, at } });
      else if (existing.amountCents !== amountCents)
        push({ type: "CartDonationAdjusted", data: { lineId: existing.lineId, skuCode, amountCents, at } });
      continue;
    }
    const quantity = parseQuantity(item.quantity);
    const existing = cart.lines.find((l) => l.skuCode === skuCode);
    if (quantity === 0) {
      if (existing) push({ type: "CartItemRemoved", data: { lineId: existing.lineId, skuCode, at } });
      continue;
    }
    const refusal = unavailable(skuCode, sku);
    if (refusal) throw refusal;
    const total = command.type === "AddToCart" ? (existing?.quantity ?? 0) + quantity : quantity;
    if (total > MAX_LINE_QUANTITY)
      throw refuse("CART_TOO_MUCH", `Please call us to order more than ${MAX_LINE_QUANTITY} of one item.`);
    if (command.type === "AddToCart" || !existing)
      push({
        type: "CartItemAdded",
        data: { lineId: existing?.lineId ?? cart.nextLineId, skuCode, quantity: total - (existing?.quantity ?? 0), at },
      });
    else if (existing.quantity !== quantity)
      push({ type: "CartItemQuantityChanged", data: { lineId: existing.lineId, skuCode, quantity, at } });
  }
  if (events.length > 0) for (const trimmed of freeDownloadsKept(state, cart, context)) push(trimmed);
  if (events.length > 0) for (const dropped of droppedCodes(cart, context)) push(dropped);
  return events;
}

const magazineLines = (cart: Cart, skus: CartContext["skus"]): MagazineLine[] =>
  cart.lines.map((l) => ({ ...l, code: l.skuCode, format: skus.get(l.skuCode)?.format ?? "" }));

/**
 * The magazine's free video downloads (storefront §4): a change that adds more than the cart's
 * subscriptions include is refused; one that lowers the allowance clears the surplus, latest first.
 */
function freeDownloadsKept(before: Cart, after: Cart, context: CartContext): CartEvent[] {
  const check = freeDownloadCheck(magazineLines(before, context.skus), magazineLines(after, context.skus));
  if (check.ok) return [];
  if ("refuse" in check)
    throw check.refuse === "noSubscription"
      ? refuse("CART_FREE_DOWNLOADS_NO_SUBSCRIPTION", MAGAZINE_MESSAGES.noSubscription)
      : refuse("CART_FREE_DOWNLOADS_OVER", MAGAZINE_MESSAGES.tooMany(check.allowed));
  const at = context.now.toISOString();
  return check.trim.map(
    ({ lineId, code: skuCode, quantity }): CartEvent =>
      quantity === 0
        ? { type: "CartItemRemoved", data: { lineId, skuCode, at } }
        : { type: "CartItemQuantityChanged", data: { lineId, skuCode, quantity, at } },
  );
}

/** Codes in the cart that no longer apply to it, as events that say why. */
function droppedCodes(cart: Cart, context: CartContext): CartEvent[] {
  const priced = priceDiscounts(
    cart.codes,
    context.discounts,
    discountCartOf(cart, context.skus),
    context.shopper,
    context.now,
  );
  const at = context.now.toISOString();
  return priced.dropped.map(({ code, message }) => ({
    type: "CartDiscountRemoved",
    data: { code, reason: message, at },
  }));
}

/**
 * Pure: apply-discounts. Each typed code is trimmed and upper-cased (empty ones ignored); a leading
 * minus removes it. Answers every code with its message, and the events for those that changed.
 */
export function decideDiscountCodes(
  typed: readonly string[],
  state: Cart,
  context: CartContext,
): { events: CartEvent[]; answers: Record<string, string> } {
  const at = context.now.toISOString();
  const events: CartEvent[] = [];
  const answers: Record<string, string> = {};
  let cart = state;
  for (const raw of typed) {
    const trimmed = raw.trim();
    const removing = trimmed.startsWith("-");
    const code = normaliseCode(removing ? trimmed.slice(1) : trimmed);
    if (!code) continue;
    if (removing) {
      if (!cart.codes.includes(code)) answers[code] = DISCOUNT_MESSAGES.notFound;
      else {
        const event: CartEvent = { type: "CartDiscountRemoved", data: { code, reason: null, at } };
        events.push(event);
        cart = cartDecider.evolve(cart, event);
        answers[code] = DISCOUNT_MESSAGES.removed;
      }
      continue;
    }
    const check = checkDiscount(
      context.discounts.get(code) ?? null,
      discountCartOf(cart, context.skus),
      context.shopper,
      context.now,
    );
    if (!check.ok) answers[code] = check.message;
    else if (cart.codes.includes(code)) answers[code] = DISCOUNT_MESSAGES.alreadyApplied;
    else {
      const event: CartEvent = { type: "CartDiscountApplied", data: { code, at } };
      events.push(event);
      cart = cartDecider.evolve(cart, event);
      answers[code] = DISCOUNT_MESSAGES.applied;
    }
  }
  return { events, answers };
}

/**
 * Pure: the visitor's cart taken into the account's at login (nothing when it is empty). A line
 * takes what fits under MAX_LINE_QUANTITY beside the account's own; the rest stays behind (`evolve`
 * clamps too, for a merge decided on an account cart that changed meanwhile).
 */
export function decideMerge(from: Cart, into: Cart, fromCart: string, intoCart: string, now: Date) {
  const at = now.toISOString();
  if (from.lines.length === 0 && from.donations.length === 0 && from.codes.length === 0)
    return { into: [] as CartEvent[], away: [] as CartEvent[] };
  const items = from.lines.flatMap(({ skuCode, quantity }) => {
    const held = into.lines.find((l) => l.skuCode === skuCode)?.quantity ?? 0;
    const fits = Math.min(quantity, MAX_LINE_QUANTITY - held);
    return fits > 0 ? [{ skuCode, quantity: fits }] : [];
  });
  const merged: CartEvent[] = [
    {
      type: "CartMergedIn",
      data: {
        fromCart,
        items,
        donations: from.donations.map(({ skuCode, amountCents }) => ({ skuCode, amountCents })),
        codes: from.codes,
        at,
      },
    },
  ];
  return { into: merged, away: [{ type: "CartMergedAway", data: { intoCart, at } }] as CartEvent[] };
}
