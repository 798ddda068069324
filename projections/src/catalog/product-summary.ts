import { type Kysely, type RawBuilder, sql } from "kysely";
import { AVAILABILITIES, availabilityOf, type Availability } from "@shop/shared";
import type { Insertable } from "kysely";
import { insertSearchTerms, upsertSearchTerms, type CatalogTables, type ProductsTable } from "./catalog-tables.ts";

type Db = Kysely<CatalogTables>;

/** What `name` becomes: the SKU's own name, else its product's title, else its code. */
const skuName = sql`CASE WHEN own_name <> '' THEN own_name
    ELSE coalesce((SELECT p.title FROM products p WHERE p.id = skus.product_id), sku) END`;

/** A SKU's `name`: its own name, else its product's title, else its code. */
export async function refreshSkuNames(db: Db, which: { skuId: number } | { productId: number }): Promise<void> {
  const where = "skuId" in which ? sql`id = ${which.skuId}` : sql`product_id = ${which.productId}`;
  await sql`UPDATE skus SET name = ${skuName} WHERE ${where}`.execute(db);
}

/**
 * `refreshSkuNames` for many SKUs and products' SKUs in one statement, writing only the names
 * that change (most were inserted right already: see `applyCatalogBatch`).
 */
export async function refreshManySkuNames(db: Db, skuIds: number[], productIds: number[]): Promise<void> {
  if (skuIds.length === 0 && productIds.length === 0) return;
  // One statement (the ids as two array parameters): the planner ORs the two indexes' bitmaps.
  await sql`UPDATE skus SET name = ${skuName}
    WHERE (id = ANY(${skuIds}::integer[]) OR product_id = ANY(${productIds}::integer[])) AND name <> ${skuName}`.execute(
    db,
  );
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

type SearchFields = Record<"title" | "subtitle" | "author" | "series" | "codes", RawBuilder<unknown>>;

/** The full-text document (title A; subtitle, author, series B; codes C), from the fields as given. */
const searchDocumentOf = (f: SearchFields) => sql`setweight(to_tsvector('english', ${f.title}), 'A')
      || setweight(to_tsvector('english', ${f.subtitle} || ' ' || ${f.author} || ' ' || ${f.series}), 'B')
      || setweight(to_tsvector('simple', ${f.author} || ' ' || ${f.series}), 'B')
      || setweight(to_tsvector('simple', ${f.codes}), 'C')`;
const columns = (prefix: string): SearchFields => ({
  title: sql.ref(`${prefix}title`),
  subtitle: sql.ref(`${prefix}subtitle`),
  author: sql.ref(`${prefix}author`),
  series: sql.ref(`${prefix}series`),
  codes: sql.ref(`${prefix}codes`),
});
/** A product row's full-text document from its own columns (`products.search`; the catalog-catchup bench's floor too). */
export const searchDocument = searchDocumentOf(columns(""));

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

export type Card = ReturnType<typeof summaryOf>;

/** The card columns of each product from its active SKUs as the table holds them now (`summaryOf`). */
export async function cardsOf(db: Db, productIds: number[]): Promise<Map<number, Card>> {
  const cards = new Map<number, Card>();
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
    for (const [id, of] of byProduct) cards.set(id, summaryOf(of));
  }
  return cards;
}

/** The products columns an insert names, with their types, as `json_to_recordset` unpacks them. */
const PRODUCT_COLUMNS = `id integer, title text, subtitle text, slug text, description text, author text, series text,
  release_date text, attributes text, images text, samples text, includes text, better_together text, recommended text,
  version integer, created_at text, updated_at text, categories text[], formats text[], min_price_cents integer,
  max_price_cents integer, availability text, listed boolean, codes text`;
const JSON_COLUMNS = new Set(["attributes", "images", "samples", "includes", "better_together", "recommended"]);
const productColumnNames = PRODUCT_COLUMNS.split(",").map((c) => c.trim().split(" ")[0]);

/**
 * Inserts new products with their cards and search document as `refreshProducts` would write them
 * (the first row of an id wins, as ON CONFLICT DO NOTHING one by one would); answers the ids it
 * inserted: a product already there keeps its row, to be refreshed. The rows go as one JSON
 * parameter, so the statement (and its tsvector expression) is planned once, not once per row. The
 * inserted products' search words go in the same statement, from the rows the INSERT returns (one
 * round trip, and the products just written are not looked up again), in the rank index's order
 * unless `rankOrder` is false (the rank index is off: `insertSearchTerms`).
 * The parameter is `json`, not `jsonb`, here and in every catalog statement that unpacks rows:
 * read once, row by row, it need not be built into a jsonb value first (parsed, its keys sorted, its
 * nested objects written back out as text for the columns that take them): half the time for a
 * thousand products' 700 kB (docs/decisions.md, "The catalog's catch-up").
 */
export async function insertProducts(
  db: Db,
  rows: Insertable<ProductsTable>[],
  cards: Map<number, Card>,
  options: { rankOrder?: boolean } = {},
): Promise<Set<number>> {
  const inserted = new Set<number>();
  const names = sql.join(productColumnNames.map((c) => sql.ref(c)));
  const values = sql.join(
    productColumnNames.map((c) => (JSON_COLUMNS.has(c) ? sql`${sql.ref(`v.${c}`)}::jsonb` : sql.ref(`v.${c}`))),
  );
  for (const chunk of chunks(rows)) {
    const json = JSON.stringify(chunk.map((row) => ({ ...row, ...cards.get(row.id)! })));
    const { rows: ids } = await sql<{ id: number }>`WITH inserted AS (INSERT INTO products (${names}, search)
        SELECT ${values}, ${searchDocumentOf(columns("v."))}
        FROM json_to_recordset(${json}::json) AS v(${sql.raw(PRODUCT_COLUMNS)})
        ON CONFLICT (id) DO NOTHING RETURNING id, title, listed, search),
      terms AS (${insertSearchTerms(sql`true`, sql`inserted`, options.rankOrder ?? true)})
      SELECT id FROM inserted`.execute(db);
    for (const { id } of ids) inserted.add(id);
  }
  return inserted;
}

/**
 * `refreshProduct` for many products, from their `cards`: one UPDATE per chunk (the card columns as one
 * JSON parameter unpacked by `json_to_recordset`, and the tsvector from the new codes in the same
 * UPDATE: one new row version per product, not two, each through every index) where anything
 * differs, then their search words. Products in `inserted` were just written with their cards and
 * search words (`insertProducts`): they are left out.
 */
export async function refreshProducts(
  db: Db,
  productIds: number[],
  cards: Map<number, Card>,
  inserted: Set<number>,
): Promise<void> {
  for (const ids of chunks(productIds.filter((id) => !inserted.has(id)))) {
    const rows = ids.map((id) => ({ id, ...cards.get(id)! }));
    const search = searchDocumentOf({ ...columns("products."), codes: sql.ref("v.codes") });
    await sql`UPDATE products SET categories = v.categories, formats = v.formats,
        min_price_cents = v.min_price_cents, max_price_cents = v.max_price_cents,
        availability = v.availability, listed = v.listed, codes = v.codes, search = ${search}
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS v(id integer, categories text[], formats text[],
        min_price_cents integer, max_price_cents integer, availability text, listed boolean, codes text)
      WHERE products.id = v.id AND (products.categories, products.formats, products.min_price_cents,
        products.max_price_cents, products.availability, products.listed, products.codes, products.search)
        IS DISTINCT FROM (v.categories, v.formats, v.min_price_cents, v.max_price_cents, v.availability, v.listed,
        v.codes, ${search})`.execute(db);
    await refreshSearchTerms(db, ids);
  }
}

/**
 * The products' rows in product_search_terms follow their search document, title and listing: words
 * they no longer have (or all, once unlisted) go, the others are written where they changed.
 */
async function refreshSearchTerms(db: Db, ids: number[]): Promise<void> {
  await sql`DELETE FROM product_search_terms t USING products p
    WHERE p.id = t.product_id AND p.id IN (${sql.join(ids)}) AND t.product_id IN (${sql.join(ids)})
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
