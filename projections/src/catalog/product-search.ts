import { expressionBuilder, sql, type Kysely, type RawBuilder } from "kysely";
import type { ProductListQuery } from "@shop/shared/catalog/api";
import type { CatalogTables } from "./catalog-tables.ts";
import { conditions, listProductsPage, PRODUCT_CARD_COLUMNS, type ProductCardRow } from "./catalog-queries.ts";
import type { SearchPlan } from "./product-search-plan.ts";

type Db = Kysely<CatalogTables>;

/** Past this many rows read per word, a page is ranked from every match instead. */
const MAX_PER_WORD = 2000;
/** A search with at most this many matches ranks them all: the GIN index finds them at once, however rare a word. */
export const RANK_ALL_UP_TO = 1000;

/** How deep a search of several words' order is kept (40 pages of 24): a deeper page is ranked again. */
export const RANKS_KEPT = 960;

/**
 * Keeps a search's first RANKS_KEPT product ids in order, per query (paging aside) and catalog
 * version (services' search-ranking-cache.ts); `rank` computes them when it has none.
 */
export type RankingCache = (q: ProductListQuery, rank: () => Promise<number[]>) => Promise<number[]>;

/**
 * A page of products: a search of plain words in relevance order through its plan (below), anything
 * else as the list orders it (catalog-queries.ts). `total`, the search's number of matches when known
 * (the list's counts, cached), says when ranking them all is the cheaper way.
 */
export async function productsPage(
  db: Db,
  q: ProductListQuery,
  plan: SearchPlan | null,
  total?: number,
  ranking?: RankingCache,
): Promise<ProductCardRow[]> {
  if (!q.q || !plan || (q.sort ?? "relevance") !== "relevance") return listProductsPage(db, q, plan);
  if (plan.groups === 1 && !isFiltered(q) && (q.start + q.count) * plan.terms.length <= MAX_ONE_WORD_ROWS)
    return oneWordPage(db, q, plan);
  if (plan.complete && (total === undefined || total > RANK_ALL_UP_TO)) {
    // Several words: their scores' sum is neither word's order, so the lists are read whole (`merged`).
    if (plan.groups > 1) {
      if (!ranking || q.start + q.count > RANKS_KEPT) return mergedPage(db, q, plan);
      const ids = await ranking(q, () => rankedIds(db, q, plan));
      return cardsOf(db, ids.slice(q.start, q.start + q.count));
    }
    for (let perWord = q.start + q.count + 24; perWord <= MAX_PER_WORD; perWord *= 4) {
      const rows = await rankedPage(db, q, plan, perWord);
      if (rows[0].exact) return cards(rows);
    }
  }
  return rankEveryMatch(db, q, plan);
}

/** A one-word search reads at most this many rows of its terms' lists (the page's end, times the terms). */
export const MAX_ONE_WORD_ROWS = 20_000;

/**
 * A page of a one-word search without filters, in one statement that stops early: the first
 * `start + count` rows of each of its terms' lists in the index's order (score, title, id), each at its
 * term's weight; a product's best row kept; the page cut from those; its cards joined. Exact: a product
 * of the page ranks by its best term, and every product above it in that term's list ranks above it
 * too, so it is within the first `start + count` rows of that list. A rare word's list is short (its
 * matches, `ararat`'s 100), a prefix's words each give at most a page's rows, and the GIN index is not
 * read. The terms cover every listed product's words, so the matches are those of the tsquery, as
 * `rankEveryMatch` ranks them (an incomplete prefix's words past MAX_EXPANSIONS are in neither).
 */
function oneWordPage(db: Db, q: ProductListQuery, plan: SearchPlan): Promise<ProductCardRow[]> {
  const end = q.start + q.count;
  return sql<ProductCardRow>`WITH qt AS (
      SELECT * FROM unnest(${plan.terms.map((t) => t.term)}::text[], ${plan.terms.map((t) => t.weight)}::float8[])
        AS qt(term, w)),
    hits AS (
      SELECT l.product_id, qt.w * l.score AS rank, l.title_key FROM qt CROSS JOIN LATERAL (
        SELECT t.product_id, t.score, t.title_key FROM product_search_terms t WHERE t.term = qt.term
        ORDER BY t.score DESC, t.title_key, t.product_id LIMIT ${end}) l),
    best AS (SELECT DISTINCT ON (product_id) * FROM hits ORDER BY product_id, rank DESC),
    page AS (SELECT * FROM best ORDER BY rank DESC, title_key, product_id OFFSET ${q.start} LIMIT ${q.count})
    SELECT ${cardColumns()} FROM page JOIN products p ON p.id = page.product_id
    ORDER BY page.rank DESC, page.title_key, page.product_id`
    .execute(db)
    .then((r) => r.rows);
}

/** The same page from ranking every match (the slow way, exact by construction; the tests' reference). */
export async function rankEveryMatch(db: Db, q: ProductListQuery, plan: SearchPlan): Promise<ProductCardRow[]> {
  return cards(await rankedPage(db, q, plan, null));
}

/** The page's cards (an empty page is one row of nulls, which carries `exact`). */
const cards = (rows: RankedRow[]): ProductCardRow[] =>
  rows.filter((r) => r.id !== null).map(({ exact: _e, ...r }) => r);

type RankedRow = ProductCardRow & { exact: boolean };

const isFiltered = (q: ProductListQuery) =>
  Boolean(
    q.category?.length ||
      q.format?.length ||
      q.availability?.length ||
      q.min_price_cents !== undefined ||
      q.max_price_cents !== undefined,
  );

/**
 * One page in relevance order: a product's rank is, for each word of the search, the best score of
 * the terms it has for that word (a prefix's words at PREFIX_WEIGHT), summed over the words.
 *
 * With `perWord`, the candidates are the first `perWord` products of each term in the index's order
 * (score, then title and id, as the page orders ties): a few index pages however common the word. With
 * several words (or filters) a term's list holds only products that match them all, so the bound below
 * is met by the products a page shows, not by the best of one word that lack the others. (`productsPage`
 * stops early for one word only: several words are read whole, `merged`.)
 * `exact` says the page is what ranking every match would give: every list of some word was read to
 * its end (each match has that word, so every match was read), or the page's last row ranks above
 * anything not read (the sum of each word's best K-th score), or equals it and comes before, as a
 * product tying it would come after that K-th row in its list.
 * Without `perWord`, every match found through the GIN index is ranked.
 */
function rankedPage(db: Db, q: ProductListQuery, plan: SearchPlan, perWord: number | null) {
  const eb = expressionBuilder<CatalogTables, "products">();
  const filtered = isFiltered(q);
  const { q: _text, ...filters } = q;
  const candidates: RawBuilder<unknown> =
    perWord === null
      ? sql`SELECT id AS product_id FROM products WHERE ${conditions(eb, q, undefined, plan)}`
      : sql`SELECT DISTINCT product_id FROM lists`;
  const list =
    filtered || plan.groups > 1
      ? sql`SELECT t.product_id, t.score, t.title_key FROM product_search_terms t JOIN products ON products.id = t.product_id
        WHERE t.term = qt.term AND ${conditions(eb, filters)}
          ${plan.groups > 1 ? sql`AND products.search @@ ${plan.tsquery}::tsquery` : sql``}`
      : sql`SELECT t.product_id, t.score, t.title_key FROM product_search_terms t WHERE t.term = qt.term`;
  const columns = cardColumns();
  return sql<RankedRow>`WITH qt AS (
      SELECT * FROM unnest(${plan.terms.map((t) => t.term)}::text[], ${plan.terms.map((t) => t.group)}::int[],
        ${plan.terms.map((t) => t.weight)}::float8[]) AS qt(term, grp, w)),
    lists AS (
      SELECT qt.grp, qt.w, l.* FROM qt CROSS JOIN LATERAL (
        SELECT s.*, row_number() OVER (ORDER BY s.score DESC, s.title_key, s.product_id) AS n FROM (${list}
          ORDER BY t.score DESC, t.title_key, t.product_id LIMIT ${perWord ?? 0}) s) l),
    scored AS (
      SELECT c.product_id, sum(g.best) AS rank FROM (${candidates}) c CROSS JOIN LATERAL (
        SELECT max(qt.w * t.score) AS best FROM qt
        JOIN product_search_terms t ON t.term = qt.term AND t.product_id = c.product_id GROUP BY qt.grp) g
      GROUP BY c.product_id HAVING count(*) = ${plan.groups}),
    page AS (
      SELECT s.product_id, s.rank, lower(p.title) AS title_key FROM scored s JOIN products p ON p.id = s.product_id
      ORDER BY s.rank DESC, lower(p.title), p.id OFFSET ${q.start} LIMIT ${q.count}),
    kth AS (SELECT grp, w * score AS bound, title_key, product_id FROM lists WHERE n = ${perWord ?? 0}),
    word_bound AS (SELECT grp, max(bound) AS bound FROM kth GROUP BY grp),
    key_bound AS (
      SELECT x.title_key, x.product_id FROM word_bound b CROSS JOIN LATERAL (
        SELECT k.title_key, k.product_id FROM kth k WHERE k.grp = b.grp AND k.bound = b.bound
        ORDER BY k.title_key, k.product_id LIMIT 1) x
      ORDER BY x.title_key DESC, x.product_id DESC LIMIT 1),
    last AS (SELECT * FROM page ORDER BY rank, title_key DESC, product_id DESC LIMIT 1),
    verdict AS (SELECT ((SELECT count(DISTINCT grp) FROM kth) < ${plan.groups}) OR ((SELECT count(*) FROM page) = ${q.count} AND (
        (SELECT rank FROM last) > (SELECT sum(bound) FROM word_bound)
        OR ((SELECT rank FROM last) = (SELECT sum(bound) FROM word_bound)
          AND (SELECT ROW(title_key, product_id) FROM last) <= (SELECT ROW(title_key, product_id) FROM key_bound))))
      AS exact)
    SELECT ${columns}, verdict.exact FROM verdict
    LEFT JOIN (page JOIN products p ON p.id = page.product_id) ON true
    ORDER BY page.rank DESC, page.title_key, page.product_id`
    .execute(db)
    .then((r) => r.rows);
}

/**
 * A search of several words ranked from its words' lists read whole: every (word, product) row of
 * each term through the covering index (term, score, title, id), an index-only scan that reads no
 * product, the best score per word summed per product, kept where every word matched (the tsquery's
 * `&`). The rows carry no title, so both aggregates fit in memory; titles (the tie-break) are read
 * for the products ranking at least the page's last only. Two common words stop early only deep in
 * their lists (the sum of two scores is neither list's order), while the lists read whole cost one
 * pass over their index entries. The same rank and order as `rankEveryMatch`.
 */
function merged(q: ProductListQuery, plan: SearchPlan, start: number, count: number) {
  const eb = expressionBuilder<CatalogTables, "products">();
  const { q: _text, ...filters } = q;
  const filtered = isFiltered(q);
  return sql`qt AS (
      SELECT * FROM unnest(${plan.terms.map((t) => t.term)}::text[], ${plan.terms.map((t) => t.group)}::int[],
        ${plan.terms.map((t) => t.weight)}::float8[]) AS qt(term, grp, w)),
    best AS (
      SELECT t.product_id, qt.grp, max(qt.w * t.score) AS best
      FROM qt JOIN product_search_terms t ON t.term = qt.term GROUP BY t.product_id, qt.grp),
    scored AS (SELECT product_id, sum(best) AS rank FROM best GROUP BY product_id HAVING count(*) = ${plan.groups}),
    matched AS (SELECT s.* FROM scored s
      ${filtered ? sql`JOIN products ON products.id = s.product_id WHERE ${conditions(eb, filters)}` : sql``}),
    cut AS (SELECT rank FROM matched ORDER BY rank DESC OFFSET ${Math.max(0, start + count - 1)} LIMIT 1),
    page AS (
      SELECT m.product_id, m.rank, lower(p.title) AS title_key FROM matched m JOIN products p ON p.id = m.product_id
      WHERE m.rank >= coalesce((SELECT rank FROM cut), '-Infinity')
      ORDER BY m.rank DESC, lower(p.title), m.product_id OFFSET ${start} LIMIT ${count})`;
}

const cardColumns = () => sql.join(PRODUCT_CARD_COLUMNS.map((c) => sql.ref(`p.${c}`)));

async function mergedPage(db: Db, q: ProductListQuery, plan: SearchPlan): Promise<ProductCardRow[]> {
  const { rows } = await sql<ProductCardRow>`WITH ${merged(q, plan, q.start, q.count)}
    SELECT ${cardColumns()} FROM page JOIN products p ON p.id = page.product_id
    ORDER BY page.rank DESC, page.title_key, page.product_id`.execute(db);
  return rows;
}

/** The first RANKS_KEPT products of a search of several words, in order (for a RankingCache). */
export async function rankedIds(db: Db, q: ProductListQuery, plan: SearchPlan): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`WITH ${merged(q, plan, 0, RANKS_KEPT)}
    SELECT product_id AS id FROM page ORDER BY rank DESC, title_key, product_id`.execute(db);
  return rows.map((r) => r.id);
}

/** The cards of these products, in this order. */
async function cardsOf(db: Db, ids: number[]): Promise<ProductCardRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<ProductCardRow>`SELECT ${cardColumns()}
    FROM unnest(${ids}::int[]) WITH ORDINALITY AS u(id, n) JOIN products p ON p.id = u.id ORDER BY u.n`.execute(db);
  return rows;
}
