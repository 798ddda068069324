import { availabilityOf, formatCents, type SkuForCart, type WishlistAnswer } from "@shop/shared";
import type { Wishlist } from "./wishlist.ts";

/**
 * Pure: the wishlist as its page reads it, latest first, each SKU priced by the catalog now. A SKU
 * that left the catalog (or was made inactive) stays listed, unavailable, until the shopper removes it.
 */
export function wishlistAnswer(
  wishlist: Wishlist,
  skus: ReadonlyMap<string, SkuForCart>,
  message?: string,
): WishlistAnswer {
  return {
    metadata: { success: true, ...(message ? { message } : {}), errors: [] },
    version: wishlist.version,
    items: wishlist.items.map(({ skuCode, addedAt }) => {
      const sku = skus.get(skuCode);
      const availability = sku ? availabilityOf(sku) : "sold_out";
      const original =
        sku?.originalPriceCents != null && sku.originalPriceCents > sku.priceCents ? sku.originalPriceCents : null;
      return {
        sku: sku?.id ?? null,
        sku_code: skuCode,
        title: sku?.title ?? skuCode,
        format: sku?.format ?? "",
        price: formatCents(sku?.priceCents ?? 0),
        price_cents: sku?.priceCents ?? 0,
        original_price: original === null ? null : formatCents(original),
        original_price_cents: original,
        url: `/store/sku/${encodeURIComponent(skuCode)}`,
        image: sku?.imageUrl ?? null,
        available: Boolean(sku?.active),
        is_sold_out: availability === "sold_out",
        is_backordered: availability === "backorder",
        added_at: addedAt,
      };
    }),
  };
}
