import { formatCents, priceDiscounts, type CartAnswer, type CartEvent, type CartItemView } from "@shop/shared";
import { STOREFRONT_MESSAGES } from "@shop/shared";
import type { Cart } from "./cart.ts";
import type { CartContext } from "./decide.ts";
import { discountCartOf, linePrice } from "./pricing.ts";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const skuPage = (code: string) => `/store/sku/${encodeURIComponent(code)}`;
/** Where a gift's line leads: the donate page (a donation SKU has no product page of its own). */
export const DONATE_PAGE = "/donate/";

/** The line's title as a link where there is a page to go to; a SKU of no product (a free video) is plain text. */
function lineHtml(title: string, code: string, format: string, url: string | null): string {
  const formatPart = format ? ` <span class="cart-item-format">${escapeHtml(format)}</span>` : "";
  const titlePart = url
    ? `<a class="cart-item-title" href="${escapeHtml(url)}">${escapeHtml(title)}</a>`
    : `<span class="cart-item-title">${escapeHtml(title)}</span>`;
  return `${titlePart}${formatPart} <span class="cart-item-code">${escapeHtml(code)}</span>`;
}

/**
 * Pure: the cart as the cart page, the mini cart and add-to-cart read it (storefront §3, §7). Prices
 * are the catalog's now; a donation follows the goods as an item whose quantity is the amount.
 * Codes that do not apply now are left out of `discounts` and listed in `dropped_discounts` with why.
 */
export function cartAnswer(cart: Cart, context: CartContext, events: readonly CartEvent[] = []): CartAnswer {
  const items: CartItemView[] = [];
  let goodsCents = 0;
  let lineSavings = 0;
  for (const line of cart.lines) {
    const sku = context.skus.get(line.skuCode);
    const price = sku ? linePrice(sku, line.quantity) : null;
    goodsCents += price?.totalCents ?? 0;
    lineSavings += price?.savedCents ?? 0;
    const title = sku?.title ?? line.skuCode;
    const url = sku?.productId == null ? null : skuPage(line.skuCode);
    items.push({
      id: line.lineId,
      sku: sku?.id ?? null,
      sku_code: line.skuCode,
      title,
      format: sku?.format ?? "",
      quantity: line.quantity,
      user_defined_price: false,
      price: formatCents(price?.totalCents ?? 0),
      price_cents: price?.totalCents ?? 0,
      original_price: formatCents(price?.originalEachCents ?? 0),
      original_price_cents: price?.originalEachCents ?? 0,
      saved: formatCents(price?.savedCents ?? 0),
      saved_cents: price?.savedCents ?? 0,
      url,
      image: sku?.imageUrl ?? null,
      html: lineHtml(title, line.skuCode, sku?.format ?? "", url),
    });
  }
  let donationCents = 0;
  for (const gift of cart.donations) {
    const sku = context.skus.get(gift.skuCode);
    donationCents += gift.amountCents;
    const title = sku?.title ?? gift.skuCode;
    // A gift's format is "Donation", which its title already says ("General Donation Donation"): left out.
    items.push({
      id: gift.lineId,
      sku: sku?.id ?? null,
      sku_code: gift.skuCode,
      title,
      format: "",
      quantity: gift.amountCents / 100,
      user_defined_price: true,
      price: formatCents(gift.amountCents),
      price_cents: gift.amountCents,
      original_price: formatCents(gift.amountCents),
      original_price_cents: gift.amountCents,
      saved: formatCents(0),
      saved_cents: 0,
      url: DONATE_PAGE,
      image: sku?.imageUrl ?? null,
      html: lineHtml(title, gift.skuCode, "", DONATE_PAGE),
    });
  }
  const priced = priceDiscounts(
    cart.codes,
    context.discounts,
    discountCartOf(cart, context.skus),
    context.shopper,
    context.now,
  );
  const discountCents = priced.applied.reduce((sum, a) => sum + a.amountSavedCents, 0);
  const dropped: Record<string, string> = {};
  for (const e of events) if (e.type === "CartDiscountRemoved" && e.data.reason) dropped[e.data.code] = e.data.reason;
  for (const d of priced.dropped) dropped[d.code] = d.message;
  const message = messageOf(events);
  const subtotalCents = goodsCents - discountCents + donationCents;
  const savingsCents = lineSavings + discountCents;
  return {
    metadata: { success: true, ...(message ? { message } : {}), errors: [] },
    order: {
      subtotal: formatCents(subtotalCents),
      subtotal_cents: subtotalCents,
      savings: formatCents(savingsCents),
      savings_cents: savingsCents,
      version: cart.version,
    },
    items,
    discounts: priced.applied.map(({ discount, amountSavedCents }) => ({
      id: discount.id,
      code: discount.code,
      description: discount.description,
      amount_saved: formatCents(amountSavedCents),
      amount_saved_cents: amountSavedCents,
    })),
    dropped_discounts: dropped,
  };
}

/** The §8 message of what a change did, in the order it happened (several are joined). */
export function messageOf(events: readonly CartEvent[]): string | undefined {
  const said = new Set<string>();
  for (const e of events) {
    if (e.type === "CartItemAdded") said.add(STOREFRONT_MESSAGES.addedToCart);
    else if (e.type === "CartItemRemoved") said.add(STOREFRONT_MESSAGES.itemRemoved);
    else if (e.type === "CartDonationAdded") said.add(STOREFRONT_MESSAGES.donationAdded);
    else if (e.type === "CartDonationAdjusted") said.add(STOREFRONT_MESSAGES.donationAdjusted);
    else if (e.type === "CartDonationRemoved") said.add(STOREFRONT_MESSAGES.donationRemoved);
  }
  return said.size ? [...said].join(" ") : undefined;
}
