import { sql, type ColumnType, type Kysely } from "kysely";
import type { ProductAttribute, ProductImage, ProductSample, Availability } from "@shop/shared";
import type { z } from "zod";

type Json<T> = ColumnType<T, string, string>;

/** products: one row per product, with what its SKUs add (categories, formats, prices, availability, search). */
export interface ProductsTable {
  id: number;
  title: string;
  subtitle: string;
  slug: string;
  description: string;
  author: string;
  series: string;
  release_date: string | null;
  attributes: Json<z.infer<typeof ProductAttribute>[]>;
  images: Json<z.infer<typeof ProductImage>[]>;
  samples: Json<z.infer<typeof ProductSample>[]>;
  /** What's included (a pack): SKU codes. */
  includes: Json<string[]>;
  better_together: Json<number[]>;
  recommended: Json<number[]>;
  version: number;
  created_at: string;
  updated_at: string;
  // From the product's active SKUs, refreshed whenever one of them changes:
  categories: ColumnType<string[], string[] | undefined, string[]>;
  formats: ColumnType<string[], string[] | undefined, string[]>;
  min_price_cents: number | null;
  max_price_cents: number | null;
  availability: Availability;
  /** Whether any active SKU exists: the storefront lists only these. */
  listed: boolean;
  /** Lower-cased codes, ISBNs and UPCs, for a search by a part of a code. */
  codes: string;
  /** The full-text document (title A; subtitle, author, series B; codes C). Written by SQL only. */
  search: ColumnType<string, never, never>;
}

/**
 * skus: every SKU. The record picker's `sku` lookups read `sku`, `name`, `price_cents`, `active` and
 * `category` (keep them); `name` is the SKU's own name or else its product's title.
 */
export interface SkusTable {
  id: number;
  sku: string;
  name: string;
  own_name: string;
  price_cents: number;
  active: boolean;
  category: string;
  product_id: number | null;
  format: string;
  upc: string;
  isbn: string;
  dimensions: string;
  original_price_cents: number | null;
  price_tiers: Json<{ minQuantity: number; priceCents: number }[]>;
  stock: number | null;
  backorder: boolean;
  restock_date: string | null;
  allow_returns: boolean;
  digital: boolean;
  user_defined_price: boolean;
  campaign: string | null;
  attributes: Json<Record<string, string>>;
  version: number;
  updated_at: string;
}

/** catalog_version: one row, bumped by every catalog event, so list answers can be cached until it moves. */
export interface CatalogVersionTable {
  id: number;
  version: number;
}

/**
 * product_search_terms: one row per word of a listed product's search document, with the score
 * `ts_rank` gives the product for that word alone, in an index by (word, score, title). A search reads
 * each word's best products from the top of that index and stops (product-search.ts) instead of ranking
 * every product that contains the word.
 */
export interface ProductSearchTermsTable {
  /**
   * A lexeme of `products.search` (English stems and plain words), compared in code point order;
   * not one that begins with a digit or a minus and a digit (codes: see `searchTermRows`).
   */
  term: string;
  product_id: number;
  /** `ts_rank(products.search, term)`: what the word's weights (title A, …) and repeats are worth. */
  score: number;
  /** `lower(title)`: the tie-break of equal scores, as the list orders them. */
  title_key: string;
}

export interface CatalogTables {
  products: ProductsTable;
  skus: SkusTable;
  catalog_version: CatalogVersionTable;
  product_search_terms: ProductSearchTermsTable;
}

/**
 * The search words of the listed products `where` selects (an SQL condition on `p`), as rows of the
 * table; `from` names where the products' rows are read (the table, or the rows an INSERT returned).
 * Words that begin with a digit, or a minus and a digit (codes, ISBNs, UPCs and their pieces: '95',
 * '-1000', '9591000', 38 % of all words) are left out: no search reads them here. A search with a
 * digit is ranked through the GIN index (`plainWords` in product-search-plan.ts answers null), and a
 * plain search's words and prefixes have no digit, so none of its terms or prefix ranges (which
 * begin with the prefix's first letter) can reach a word that begins with one.
 */
const searchTermRows = (where: ReturnType<typeof sql>, from = sql`products`) => sql`SELECT u.lexeme, p.id,
    ts_rank(p.search, ('''' || replace(replace(u.lexeme, '\\', '\\\\'), '''', '''''') || '''')::tsquery), lower(p.title)
  FROM ${from} p, unnest(p.search) AS u WHERE p.listed AND u.lexeme !~ '^-?[0-9]' AND ${where}`;

/**
 * Writes the search words of the listed products `where` selects (an SQL condition on `p`): new or
 * changed rows only, so a refresh that changes no word (a stock or price change) writes nothing. A
 * one-word query's ts_rank is that word's share of any query's rank, so it is the word's score.
 */
export const upsertSearchTerms = (where: ReturnType<typeof sql>) => sql`INSERT INTO product_search_terms
    (term, product_id, score, title_key) ${searchTermRows(where)}
  ON CONFLICT (product_id, term) DO UPDATE SET score = excluded.score, title_key = excluded.title_key
    WHERE (product_search_terms.score, product_search_terms.title_key)
      IS DISTINCT FROM (excluded.score, excluded.title_key)`;

/**
 * `upsertSearchTerms` for products that have no words yet (just inserted): a plain INSERT, without the
 * ON CONFLICT's look-up of each row in the primary key before it is written. The rows go in the rank
 * index's order, so the batch's entries for one word land on its leaf pages one after the other;
 * `rankOrder: false` (the rank index is off, `dropRankIndex`) spares that sort, a sixth of the
 * statement's CPU: the primary key takes them in product order as they come. `from` as for `searchTermRows`.
 */
export const insertSearchTerms = (
  where: ReturnType<typeof sql>,
  from = sql`products`,
  rankOrder = true,
) => sql`INSERT INTO
    product_search_terms (term, product_id, score, title_key) ${searchTermRows(where, from)}
  ${rankOrder ? sql`ORDER BY u.lexeme COLLATE "C", 3 DESC, 4, 2` : sql``}`;

/** The search words' rank index: what a search reads (product-search.ts), each word's best products first. */
export const RANK_INDEX = "product_search_terms_rank";
/** The rank index of the schema the catalog's tables are in (the first searched), or NULL while there is none. */
export const rankIndexIn = sql`to_regclass(quote_ident(current_schema()) || '.' || ${RANK_INDEX})`;

/**
 * Creates the rank index where it is missing, in the caller's transaction: a far-behind catch-up
 * drops it (`dropRankIndex`) and builds it here once at its end, with room to sort a million rows in
 * memory. Looked up first: CREATE INDEX IF NOT EXISTS would lock the table against writes to find it there.
 */
export async function createRankIndex<T>(db: Kysely<T>): Promise<void> {
  const { rows } = await sql<{ missing: boolean }>`SELECT ${rankIndexIn} IS NULL AS missing`.execute(db);
  if (!rows[0].missing) return;
  await sql`SELECT set_config('maintenance_work_mem', '256MB', true)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS ${sql.id(RANK_INDEX)}
    ON product_search_terms (term, score DESC, title_key, product_id)`.execute(db);
}

/**
 * Drops the rank index for the rest of a far-behind catch-up, in the batch's transaction: each word
 * row then costs a heap tuple and a primary-key entry (in product id order, at the end of the index)
 * instead of an entry at a random leaf of the rank index as well. Searches meanwhile see no rank index
 * and rank through the GIN index (`prepareSearch`); rows and checkpoint stay as `apply` leaves them.
 * `schema`: the catalog's (the first searched), when the caller has looked it up already.
 */
export async function dropRankIndex<T>(db: Kysely<T>, schema?: string): Promise<void> {
  if (schema === undefined) {
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
    schema = rows[0].schema;
  }
  await sql`DROP INDEX IF EXISTS ${sql.id(schema, RANK_INDEX)}`.execute(db);
}

async function migrateSearchTerms(db: Kysely<CatalogTables>): Promise<void> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_name = 'product_search_terms'`.execute(db);
  if (rows[0].n > 0) return;
  await sql`CREATE TABLE product_search_terms (
    term text COLLATE "C" NOT NULL, product_id integer NOT NULL, score real NOT NULL, title_key text NOT NULL,
    PRIMARY KEY (product_id, term)
  )`.execute(db);
  await createRankIndex(db);
  // Filled from the products already there, so the tables that serve while the rebuild runs can search.
  await upsertSearchTerms(sql`true`).execute(db);
}

export async function migrateCatalog(db: Kysely<CatalogTables>): Promise<void> {
  // Before the catalog, the lookup catalog kept a five-column `skus`: drop it, this read model refills it from the log.
  // The drop names this schema: with another schema searched after it, a bare name could find that one's table.
  const { rows } = await sql<{ n: number; schema: string }>`SELECT current_schema() AS schema,
    (SELECT count(*)::int FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'skus' AND column_name = 'product_id') AS n`.execute(db);
  if (rows[0].n === 0) await sql`DROP TABLE IF EXISTS ${sql.id(rows[0].schema, "skus")}`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS products (
    id integer PRIMARY KEY, title text NOT NULL, subtitle text NOT NULL, slug text NOT NULL, description text NOT NULL,
    author text NOT NULL, series text NOT NULL, release_date text NULL, attributes jsonb NOT NULL, images jsonb NOT NULL,
    samples jsonb NOT NULL, includes jsonb NOT NULL, better_together jsonb NOT NULL, recommended jsonb NOT NULL,
    version integer NOT NULL, created_at text NOT NULL, updated_at text NOT NULL,
    categories text[] NOT NULL DEFAULT '{}', formats text[] NOT NULL DEFAULT '{}',
    min_price_cents integer NULL, max_price_cents integer NULL, availability text NOT NULL DEFAULT 'sold_out',
    listed boolean NOT NULL DEFAULT false, codes text NOT NULL DEFAULT '', search tsvector NOT NULL DEFAULT ''::tsvector
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS products_search ON products USING gin (search)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS products_categories ON products USING gin (categories)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS products_series ON products (series) WHERE series <> ''`.execute(db);
  // The list's default and price orders, over listed products only: a page is an index scan.
  await sql`CREATE INDEX IF NOT EXISTS products_listed_title ON products (lower(title), id) WHERE listed`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS products_listed_price ON products (min_price_cents, id) WHERE listed`.execute(
    db,
  );
  await sql`CREATE TABLE IF NOT EXISTS catalog_version (id integer PRIMARY KEY, version bigint NOT NULL)`.execute(db);
  await sql`INSERT INTO catalog_version (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS products_author ON products (author) WHERE author <> ''`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS skus (
    id integer PRIMARY KEY, sku text NOT NULL UNIQUE, name text NOT NULL, own_name text NOT NULL,
    price_cents integer NOT NULL, active boolean NOT NULL, category text NOT NULL, product_id integer NULL,
    format text NOT NULL, upc text NOT NULL, isbn text NOT NULL, dimensions text NOT NULL,
    original_price_cents integer NULL, price_tiers jsonb NOT NULL, stock integer NULL, backorder boolean NOT NULL,
    restock_date text NULL, allow_returns boolean NOT NULL, digital boolean NOT NULL, user_defined_price boolean NOT NULL,
    campaign text NULL, attributes jsonb NOT NULL, version integer NOT NULL, updated_at text NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS skus_category ON skus (category)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS skus_product ON skus (product_id)`.execute(db);
  await migrateSearchTerms(db);
  // Back after a far-behind catch-up that stopped before its end (a crash, a lost lock): searches read through it.
  await createRankIndex(db);
}
