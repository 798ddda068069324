import type { Kysely } from "kysely";
import type { ProductDetail } from "@shop/shared/catalog/api";
import { DEFAULT_SITE_TIME_ZONE } from "@shop/shared/domain/site-time";
import { productById, skuRows, type Database } from "@shop/projections";
import { productDetail, siteToday } from "./catalog-cards.ts";

// What the server-rendered product pages need (storefront-pages: /store/products/{id}/ and
// /store/sku/{sku_code}), read the way the JSON calls read it, so page and API never disagree.

/** A product with everything its page shows, or null when there is no such product. */
export async function loadProductPage(
  db: Kysely<Database>,
  id: number,
  now: Date,
  timeZone = DEFAULT_SITE_TIME_ZONE,
): Promise<ProductDetail | null> {
  const product = await productById(db, id);
  if (!product) return null;
  return productDetail(product, await skuRows(db, { productId: id }), siteToday(now, timeZone));
}

/** The product page a SKU code opens (`/store/sku/{sku_code}`), or null for an unknown code or a SKU of no product. */
export async function productIdOfSku(db: Kysely<Database>, code: string): Promise<number | null> {
  const row = await db.selectFrom("skus").select("product_id").where("sku", "=", code).executeTakeFirst();
  return row?.product_id ?? null;
}
