import { formatCents, freeShippingOf, priceDiscounts, type OrderLine, type OrderTotals } from "@shop/shared";
import type { Cart } from "../cart/cart.ts";
import type { CartContext } from "../cart/decide.ts";
import { discountCartOf, linePrice } from "../cart/pricing.ts";
import type { CartFacts } from "./decide.ts";

export interface PricedOrder {
  lines: OrderLine[];
  discounts: Array<{ code: string; description: string; amountCents: number }>;
  facts: CartFacts;
  /** Totals before shipping: `withShipping` completes them. */
  goodsCents: number;
  discountCents: number;
  donationCents: number;
}

/** Pure: the cart priced as the order will be (the cart page's rules: bulk tiers, discounts in the order applied). */
export function priceOrder(cart: Cart, context: CartContext): PricedOrder {
  const lines: OrderLine[] = [];
  let goodsCents = 0;
  let shippedItems = 0;
  let ships = false;
  let digital = false;
  for (const line of cart.lines) {
    const sku = context.skus.get(line.skuCode);
    if (!sku) continue; // gone from the catalog: the cart page shows it at 0 and it is not sold
    const price = linePrice(sku, line.quantity);
    goodsCents += price.totalCents;
    if (sku.digital) digital = true;
    else {
      ships = true;
      shippedItems += line.quantity;
    }
    lines.push({
      lineId: line.lineId,
      skuId: sku.id,
      skuCode: sku.code,
      title: sku.title,
      format: sku.format,
      quantity: line.quantity,
      unitCents: price.unitCents,
      totalCents: price.totalCents,
      digital: sku.digital,
      donation: null,
    });
  }
  let donationCents = 0;
  for (const gift of cart.donations) {
    const sku = context.skus.get(gift.skuCode);
    donationCents += gift.amountCents;
    lines.push({
      lineId: gift.lineId,
      skuId: sku?.id ?? null,
      skuCode: gift.skuCode,
      title: sku?.title ?? gift.skuCode,
      format: sku?.format ?? "",
      quantity: 1,
      unitCents: gift.amountCents,
      totalCents: gift.amountCents,
      digital: false,
      donation: { campaign: sku?.campaign ?? null },
    });
  }
  const priced = priceDiscounts(
    cart.codes,
    context.discounts,
    discountCartOf(cart, context.skus),
    context.shopper,
    context.now,
  );
  const discounts = priced.applied.map(({ discount, amountSavedCents }) => ({
    code: discount.code,
    description: discount.description,
    amountCents: amountSavedCents,
  }));
  const discountCents = discounts.reduce((sum, d) => sum + d.amountCents, 0);
  return {
    lines,
    discounts,
    goodsCents,
    discountCents,
    donationCents,
    facts: {
      empty: lines.length === 0,
      ships,
      digital,
      shippedItems,
      goodsCents: goodsCents - discountCents,
      freeShipping: freeShippingOf(priced.applied),
      version: cart.version,
    },
  };
}

export function totalsOf(order: PricedOrder, shippingCents: number): OrderTotals {
  const { goodsCents, discountCents, donationCents } = order;
  return {
    goodsCents,
    discountCents,
    donationCents,
    shippingCents,
    totalCents: goodsCents - discountCents + donationCents + shippingCents,
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The review's order summary (GET payment's `order_summary`): lines, discounts, shipping, total. A
 * gift's format ("Donation") is left out: its title already says it ("General Donation Donation").
 */
export function orderSummaryHtml(order: PricedOrder, shipping: { label: string; cents: number } | null): string {
  const totals = totalsOf(order, shipping?.cents ?? 0);
  const rows = order.lines.map(
    (l) =>
      `<tr><td class="order-line-title">${escapeHtml(l.title)}${l.format && !l.donation ? ` <span class="order-line-format">${escapeHtml(l.format)}</span>` : ""}</td>` +
      `<td class="order-line-qty">${l.donation ? "" : l.quantity}</td><td class="order-line-total">$${formatCents(l.totalCents)}</td></tr>`,
  );
  const discounts = order.discounts.map(
    (d) =>
      `<tr class="order-discount"><td>${escapeHtml(d.code)}: ${escapeHtml(d.description)}</td><td></td><td>-$${formatCents(d.amountCents)}</td></tr>`,
  );
  const shippingRow = shipping
    ? `<tr class="order-shipping"><td>Shipping: ${escapeHtml(shipping.label)}</td><td></td><td>$${formatCents(shipping.cents)}</td></tr>`
    : "";
  return (
    `<table class="order-summary"><thead><tr><th scope="col">Item</th><th scope="col">Qty</th><th scope="col">Price</th></tr></thead>` +
    `<tbody>${rows.join("")}${discounts.join("")}${shippingRow}</tbody>` +
    `<tfoot><tr class="order-total"><th scope="row">Total</th><td></td><td>$${formatCents(totals.totalCents)}</td></tr></tfoot></table>`
  );
}

export function shippingOptionsHtml(
  methods: ReadonlyArray<{ code: string; label: string; cents: number }>,
  selected: string | null,
): string {
  const pick = selected && methods.some((m) => m.code === selected) ? selected : methods[0]?.code;
  return methods
    .map(
      (m) =>
        `<label class="shipping-option"><input type="radio" name="shipping_method" value="${escapeHtml(m.code)}"${m.code === pick ? " checked" : ""}> ` +
        `${escapeHtml(m.label)} <span class="shipping-price">${m.cents === 0 ? "Free" : `$${formatCents(m.cents)}`}</span></label>`,
    )
    .join("");
}
