import { type Kysely, type RawBuilder, sql } from "kysely";
import { AVAILABILITIES, availabilityOf, type Availability } from "@shop/shared";
import { upsertSearchTerms, type CatalogTables } from "./catalog-tables.ts";

type Db = Kysely<CatalogTables>;

/** What `name` becomes: the SKU's own name, else its product's title, else its code. */
const skuName = sql`CASE WHEN own_name <> '' THEN own_name
    ELSE coalesce((SELECT p.title FROM products p WHERE p.id = skus.product_id), sku) END`;

/** A SKU's `name`: its own name, else its product's title, else its code. */
export async function refreshSkuNames(db: Db, which: { skuId: number } | { productId: number }): Promise<void> {
  const where = "skuId" in which ? sql`id = ${which.skuId}` : sql`product_id = ${which.productId}`;
  await sql`UPDATE skus SET name = ${skuName} WHERE ${where}`.execute(db);
}

/** `refreshSkuNames` for many SKUs and products' SKUs in one statement per chunk. */
export async function refreshManySkuNames(db: Db, skuIds: number[], productIds: number[]): Promise<void> {
  for (const ids of chunks(skuIds))
    await sql`UPDATE skus SET name = ${skuName} WHERE id IN (${sql.join(ids)})`.execute(db);
  for (const ids of chunks(productIds))
    await sql`UPDATE skus SET name = ${skuName} WHERE product_id IN (${sql.join(ids)})`.execute(db);
}

/** The best availability among SKUs: one in stock makes the product in stock. */
const best = (all: Availability[]): Availability => AVAILABILITIES.find((a) => all.includes(a)) ?? "sold_out";

interface ActiveSku {
  sku: string;
  upc: string;
  isbn: string;
  format: string;
  category: string;
  price_cents: number;
  stock: number | null;
  backorder: boolean;
}

/** A product's card columns from its active SKUs (in id order). */
function summaryOf(skus: ActiveSku[]) {
  const prices = skus.map((s) => s.price_cents);
  const codes = skus
    .flatMap((s) => [s.sku, s.sku.replaceAll("-", ""), s.isbn, s.upc])
    .filter(Boolean)
    .join(" ")
    .toLowerCase();
  return {
    categories: [...new Set(skus.map((s) => s.category))],
    formats: [...new Set(skus.map((s) => s.format).filter(Boolean))],
    min_price_cents: prices.length ? Math.min(...prices) : null,
    max_price_cents: prices.length ? Math.max(...prices) : null,
    availability: best(skus.map(availabilityOf)),
    listed: skus.length > 0,
    codes,
  };
}

/** The full-text document (title A; subtitle, author, series B; codes C), from `codes` as given. */
const searchDocumentOf = (codes: RawBuilder<unknown>) => sql`setweight(to_tsvector('english', title), 'A')
      || setweight(to_tsvector('english', subtitle || ' ' || author || ' ' || series), 'B')
      || setweight(to_tsvector('simple', author || ' ' || series), 'B')
      || setweight(to_tsvector('simple', ${codes}), 'C')`;
const searchDocument = searchDocumentOf(sql`codes`);

const SKU_COLUMNS = ["sku", "upc", "isbn", "format", "category", "price_cents", "stock", "backorder"] as const;

/**
 * Recomputes what a product's list card and search show from its active SKUs (categories, formats,
 * price range, availability, codes) and its full-text document, so a list or search is one SELECT.
 */
export async function refreshProduct(db: Db, productId: number): Promise<void> {
  const skus = await db
    .selectFrom("skus")
    .select(SKU_COLUMNS)
    .where("product_id", "=", productId)
    .where("active", "=", true)
    .orderBy("id")
    .execute();
  await db.updateTable("products").set(summaryOf(skus)).where("id", "=", productId).execute();
  await sql`UPDATE products SET search = ${searchDocument} WHERE id = ${productId}`.execute(db);
  await refreshSearchTerms(db, [productId]);
}

/**
 * `refreshProduct` for many products: one SELECT of their active SKUs and one UPDATE per chunk (the
 * card columns as one JSON parameter unpacked by `jsonb_to_recordset`, and the tsvector from the new
 * codes in the same UPDATE: one new row version per product, not two, each through every index),
 * then their search words.
 */
export async function refreshProducts(db: Db, productIds: number[]): Promise<void> {
  for (const ids of chunks(productIds)) {
    const skus = await db
      .selectFrom("skus")
      .select(["product_id", ...SKU_COLUMNS])
      .where("product_id", "in", ids)
      .where("active", "=", true)
      .orderBy("product_id")
      .orderBy("id")
      .execute();
    const byProduct = new Map<number, ActiveSku[]>(ids.map((id) => [id, []]));
    for (const s of skus) byProduct.get(s.product_id!)!.push(s);
    const rows = [...byProduct].map(([id, of]) => ({ id, ...summaryOf(of) }));
    await sql`UPDATE products SET categories = v.categories, formats = v.formats,
        min_price_cents = v.min_price_cents, max_price_cents = v.max_price_cents,
        availability = v.availability, listed = v.listed, codes = v.codes, search = ${searchDocumentOf(sql`v.codes`)}
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id integer, categories text[], formats text[],
        min_price_cents integer, max_price_cents integer, availability text, listed boolean, codes text)
      WHERE products.id = v.id`.execute(db);
    await refreshSearchTerms(db, ids);
  }
}

/**
 * The products' rows in product_search_terms follow their search document, title and listing: words
 * they no longer have (or all, once unlisted) go, the others are written where they changed.
 */
async function refreshSearchTerms(db: Db, ids: number[]): Promise<void> {
  await sql`DELETE FROM product_search_terms t USING products p
    WHERE p.id = t.product_id AND p.id IN (${sql.join(ids)})
      AND (NOT p.listed OR NOT EXISTS (SELECT FROM unnest(p.search) AS u WHERE u.lexeme = t.term))`.execute(db);
  await upsertSearchTerms(sql`p.id IN (${sql.join(ids)})`).execute(db);
}

/** At most this many ids or rows per statement (well under PostgreSQL's 65,535 parameters). */
export const CHUNK = 1000;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
