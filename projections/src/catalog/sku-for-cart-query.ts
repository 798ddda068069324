import type { Kysely } from "kysely";
import type { SkuForCart } from "@shop/shared";
import { coverOfProduct, productImageUrl } from "@shop/shared/media/images";
import type { CatalogTables } from "./catalog-tables.ts";

/**
 * The SKUs the cart names, by code, with what pricing and the cart's rules need (the
 * `LoadSkusForCart` contract). One indexed SELECT; codes not in the catalog are absent from the map.
 */
export async function loadSkusForCart(
  db: Kysely<CatalogTables>,
  codes: readonly string[],
): Promise<Map<string, SkuForCart>> {
  const found = new Map<string, SkuForCart>();
  if (codes.length === 0) return found;
  const rows = await db
    .selectFrom("skus as s")
    .leftJoin("products as p", "p.id", "s.product_id")
    .select([
      "s.id",
      "s.sku",
      "s.product_id",
      "s.name",
      "s.format",
      "s.price_cents",
      "s.original_price_cents",
      "s.price_tiers",
      "s.stock",
      "s.backorder",
      "s.restock_date",
      "s.allow_returns",
      "s.active",
      "s.digital",
      "s.user_defined_price",
      "s.campaign",
      "p.images",
      "p.title as product_title",
      "p.categories as product_categories",
      "p.formats as product_formats",
    ])
    .where("s.sku", "in", [...new Set(codes)])
    .execute();
  for (const r of rows) {
    found.set(r.sku, {
      id: r.id,
      code: r.sku,
      productId: r.product_id,
      title: r.product_title ?? r.name,
      format: r.format,
      priceCents: r.price_cents,
      originalPriceCents: r.original_price_cents,
      priceTiers: [...r.price_tiers].sort((a, b) => a.minQuantity - b.minQuantity),
      stock: r.stock,
      backorder: r.backorder,
      restockDate: r.restock_date,
      allowReturns: r.allow_returns,
      active: r.active,
      digital: r.digital,
      userDefinedPrice: r.user_defined_price,
      campaign: r.campaign,
      url: r.product_id === null ? `/store/sku/${encodeURIComponent(r.sku)}` : `/store/products/${r.product_id}/`,
      // A product without an uploaded image shows its generated cover.
      imageUrl:
        r.product_id === null || r.product_title === null
          ? null
          : productImageUrl(
              r.images,
              coverOfProduct({
                id: r.product_id,
                title: r.product_title,
                categories: r.product_categories,
                formats: r.product_formats,
              }),
            ),
    });
  }
  return found;
}
