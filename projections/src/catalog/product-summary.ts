import { sql, type Kysely } from "kysely";
import { AVAILABILITIES, availabilityOf, type Availability } from "@shop/shared";
import type { CatalogTables } from "./catalog-tables.ts";

type Db = Kysely<CatalogTables>;

/** A SKU's `name`: its own name, else its product's title, else its code. */
export async function refreshSkuNames(db: Db, which: { skuId: number } | { productId: number }): Promise<void> {
  const where = "skuId" in which ? sql`id = ${which.skuId}` : sql`product_id = ${which.productId}`;
  await sql`UPDATE skus SET name = CASE WHEN own_name <> '' THEN own_name
    ELSE coalesce((SELECT p.title FROM products p WHERE p.id = skus.product_id), sku) END
    WHERE ${where}`.execute(db);
}

/** The best availability among SKUs: one in stock makes the product in stock. */
const best = (all: Availability[]): Availability => AVAILABILITIES.find((a) => all.includes(a)) ?? "sold_out";

/**
 * Recomputes what a product's list card and search show from its active SKUs (categories, formats,
 * price range, availability, codes) and its full-text document, so a list or search is one SELECT.
 */
export async function refreshProduct(db: Db, productId: number): Promise<void> {
  const skus = await db
    .selectFrom("skus")
    .select(["sku", "upc", "isbn", "format", "category", "price_cents", "stock", "backorder"])
    .where("product_id", "=", productId)
    .where("active", "=", true)
    .orderBy("id")
    .execute();
  const prices = skus.map((s) => s.price_cents);
  const codes = skus
    .flatMap((s) => [s.sku, s.sku.replaceAll("-", ""), s.isbn, s.upc])
    .filter(Boolean)
    .join(" ")
    .toLowerCase();
  await db
    .updateTable("products")
    .set({
      categories: [...new Set(skus.map((s) => s.category))],
      formats: [...new Set(skus.map((s) => s.format).filter(Boolean))],
      min_price_cents: prices.length ? Math.min(...prices) : null,
      max_price_cents: prices.length ? Math.max(...prices) : null,
      availability: best(skus.map(availabilityOf)),
      listed: skus.length > 0,
      codes,
    })
    .where("id", "=", productId)
    .execute();
  await sql`UPDATE products SET search =
      setweight(to_tsvector('english', title), 'A')
      || setweight(to_tsvector('english', subtitle || ' ' || author || ' ' || series), 'B')
      || setweight(to_tsvector('simple', author || ' ' || series), 'B')
      || setweight(to_tsvector('simple', codes), 'C')
    WHERE id = ${productId}`.execute(db);
}
