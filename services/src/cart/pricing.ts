import type { DiscountCart } from "@shop/shared";
import type { SkuForCart } from "@shop/shared/catalog/sku-for-cart";
import type { Cart } from "./cart.ts";

export interface LinePrice {
  /** What one item costs at this quantity (the best bulk tier it reaches). */
  unitCents: number;
  totalCents: number;
  /** One item's price before any saving: the original price, else the list price. */
  originalEachCents: number;
  savedCents: number;
}

/** Bulk tiers price the whole line by its quantity: the lowest tier price whose minimum the line reaches. */
export function linePrice(sku: SkuForCart, quantity: number): LinePrice {
  let unitCents = sku.priceCents;
  for (const tier of sku.priceTiers)
    if (quantity >= tier.minQuantity && tier.priceCents < unitCents) unitCents = tier.priceCents;
  const originalEachCents = Math.max(sku.originalPriceCents ?? sku.priceCents, sku.priceCents);
  const totalCents = unitCents * quantity;
  return { unitCents, totalCents, originalEachCents, savedCents: originalEachCents * quantity - totalCents };
}

/** The goods as the discount rules see them; lines whose SKU the catalog no longer has count nothing. */
export function discountCartOf(cart: Cart, skus: ReadonlyMap<string, SkuForCart>): DiscountCart {
  let goodsCents = 0;
  for (const line of cart.lines) {
    const sku = skus.get(line.skuCode);
    if (sku) goodsCents += linePrice(sku, line.quantity).totalCents;
  }
  return { goodsCents, lines: cart.lines.map(({ skuCode, quantity }) => ({ skuCode, quantity })) };
}

/** Every SKU code the cart names. */
export const codesIn = (cart: Cart) => [...cart.lines, ...cart.donations].map((l) => l.skuCode);
