import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from "kysely";
import { PRICE_RANGES, type ProductListQuery } from "@shop/shared/catalog/api";
import { rankIndexIn, type CatalogTables, type ProductsTable, type SkusTable } from "./catalog-tables.ts";
import type { SearchPlan } from "./product-search-plan.ts";

type Db = Kysely<CatalogTables>;
export type ProductRow = Selectable<ProductsTable>;
export type SkuRow = Selectable<SkusTable>;

const PRODUCT_COLUMNS = [
  "id",
  "title",
  "subtitle",
  "slug",
  "description",
  "author",
  "series",
  "release_date",
  "attributes",
  "images",
  "samples",
  "includes",
  "better_together",
  "recommended",
  "version",
  "created_at",
  "updated_at",
  "categories",
  "formats",
  "min_price_cents",
  "max_price_cents",
  "availability",
  "listed",
  "codes",
] as const;
export type ProductListRow = Omit<ProductRow, "search">;

/** What a product card shows (services/src/catalog/catalog-cards.ts): all the list and search read. */
export const PRODUCT_CARD_COLUMNS = [
  "id",
  "title",
  "subtitle",
  "slug",
  "author",
  "series",
  "release_date",
  "images",
  "categories",
  "formats",
  "min_price_cents",
  "max_price_cents",
  "availability",
] as const satisfies readonly (typeof PRODUCT_COLUMNS)[number][];
export type ProductCardRow = Pick<ProductRow, (typeof PRODUCT_CARD_COLUMNS)[number]>;

type Eb = ExpressionBuilder<CatalogTables, "products">;
type FilterKey = "category" | "format" | "availability" | "price";

/** The words of a search as one tsquery: English stems or plain words (names, codes); GIN-indexed. */
const searchQuery = (q: string) => sql`(websearch_to_tsquery('english', ${q}) || websearch_to_tsquery('simple', ${q}))`;
/** A search with a digit may be part of a code, ISBN or UPC: matched inside `codes` too. */
const looksLikeCode = (q: string) => /\d/.test(q);

function matches(q: string, plan?: SearchPlan | null) {
  if (plan) return sql<SqlBool>`search @@ ${plan.tsquery}::tsquery`;
  return looksLikeCode(q)
    ? sql<SqlBool>`(search @@ ${searchQuery(q)} OR strpos(codes, ${q.toLowerCase()}) > 0)`
    : sql<SqlBool>`search @@ ${searchQuery(q)}`;
}

/**
 * Every condition of the list, leaving one facet's own filter out when its counts are asked for. A
 * search of plain words matches as its plan says (product-search-plan.ts), others as they always did.
 */
export function conditions(
  eb: Eb,
  q: ProductListQuery,
  skip?: FilterKey,
  plan?: SearchPlan | null,
): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [eb("listed", "=", true)];
  if (q.q) all.push(matches(q.q, plan));
  if (q.category?.length && skip !== "category") all.push(sql<SqlBool>`categories && ${sql.val(q.category)}::text[]`);
  if (q.format?.length && skip !== "format") all.push(sql<SqlBool>`formats && ${sql.val(q.format)}::text[]`);
  if (q.availability?.length && skip !== "availability")
    all.push(eb("availability", "in", q.availability as ProductRow["availability"][]));
  if (skip !== "price") {
    if (q.min_price_cents !== undefined) all.push(eb("min_price_cents", ">=", q.min_price_cents));
    if (q.max_price_cents !== undefined) all.push(eb("min_price_cents", "<=", q.max_price_cents));
  }
  return eb.and(all);
}

function ordering(q: ProductListQuery) {
  const sort = q.sort ?? (q.q ? "relevance" : "title");
  const desc = sort.startsWith("-");
  switch (sort.replace(/^-/, "")) {
    case "relevance": {
      const text = q.q ?? "";
      const codeBonus = looksLikeCode(text)
        ? sql` + CASE WHEN strpos(codes, ${text.toLowerCase()}) > 0 THEN 1 ELSE 0 END`
        : sql``;
      const rank = sql`ts_rank(search, ${searchQuery(text)})${codeBonus}`;
      return [sql`${rank} DESC`, sql`lower(title)`, sql`id`];
    }
    case "price":
      return [sql`min_price_cents ${sql.raw(desc ? "DESC" : "ASC")}`, sql`id`];
    case "release_date":
      return [sql`release_date ${sql.raw(desc ? "DESC" : "ASC")} NULLS LAST`, sql`id`];
    default:
      return [sql`lower(title) ${sql.raw(desc ? "DESC" : "ASC")}`, sql`id`];
  }
}

async function arrayFacet(
  db: Db,
  q: ProductListQuery,
  column: "categories" | "formats",
  skip: FilterKey,
  plan?: SearchPlan | null,
) {
  const values = db
    .selectFrom("products")
    .where((eb) => conditions(eb, q, skip, plan))
    .select(sql<string>`unnest(${sql.ref(column)})`.as("v"))
    .as("t");
  return db
    .selectFrom(values)
    .select(["t.v as value", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy("t.v")
    .orderBy("count", "desc")
    .orderBy("t.v")
    .execute();
}

/**
 * One page of the query-set list: the cards' columns only. The description, attributes and the other
 * detail columns were parsed for 24 rows per request and thrown away, and under 64 concurrent requests
 * that garbage outlived the young generation (bench/README.md, storefront RSS).
 */
export function listProductsPage(db: Db, q: ProductListQuery, plan?: SearchPlan | null): Promise<ProductCardRow[]> {
  return db
    .selectFrom("products")
    .select(PRODUCT_CARD_COLUMNS)
    .where((eb) => conditions(eb, q, undefined, plan))
    .orderBy(sql.join(ordering(q)))
    .offset(q.start)
    .limit(q.count)
    .execute();
}

export interface ProductListCounts {
  total: number;
  facets: Record<"category" | "format" | "availability" | "price", { value: string; count: number }[]>;
}

/**
 * The list's total and facet counts (each facet with the other filters applied): cacheable per catalog
 * version. A search's `plan` (prepareSearch) makes them count what its page ranks.
 */
export async function listProductsCounts(
  db: Db,
  q: ProductListQuery,
  plan?: SearchPlan | null,
): Promise<ProductListCounts> {
  const total = db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where((eb) => conditions(eb, q, undefined, plan))
    .executeTakeFirstOrThrow();
  const availability = db
    .selectFrom("products")
    .select(["availability as value", (eb) => eb.fn.countAll<number>().as("count")])
    .where((eb) => conditions(eb, q, "availability", plan))
    .groupBy("availability")
    .orderBy("availability")
    .execute();
  const price = db
    .selectFrom("products")
    .select(
      PRICE_RANGES.map(({ value, min, max }) =>
        sql<number>`count(*) FILTER (WHERE min_price_cents >= ${min}${max === null ? sql`` : sql` AND min_price_cents <= ${max}`})`.as(
          value,
        ),
      ),
    )
    .where((eb) => conditions(eb, q, "price", plan))
    .executeTakeFirstOrThrow();
  const [counted, category, format, byAvailability, byPrice] = await Promise.all([
    total,
    arrayFacet(db, q, "categories", "category", plan),
    arrayFacet(db, q, "formats", "format", plan),
    availability,
    price,
  ]);
  return {
    total: Number(counted.n),
    facets: {
      category: category.map(countAsNumber),
      format: format.map(countAsNumber),
      availability: byAvailability.map(countAsNumber),
      price: PRICE_RANGES.map(({ value }) => ({ value, count: Number((byPrice as Record<string, unknown>)[value]) })),
    },
  };
}

/**
 * What a search's cached plan or ranking depends on: the catalog's version and whether the rank index
 * is there. A far-behind catch-up drops that index and builds it again at its end without a catalog
 * event (catalog-tables.ts, `dropRankIndex`): what was planned without it is planned again once it is back.
 */
export async function searchVersion(db: Db): Promise<string> {
  const { rows } = await sql<{ version: string | null; ranked: boolean }>`SELECT
      (SELECT version::text FROM catalog_version WHERE id = 1) AS version, ${rankIndexIn} IS NOT NULL AS ranked`.execute(
    db,
  );
  return `version ${rows[0]?.version ?? 0}${rows[0]?.ranked ? "" : " unranked"}`;
}

/** The catalog read model's version: it moves with every catalog event (and only then). */
export async function catalogVersion(db: Db): Promise<number> {
  const row = await db.selectFrom("catalog_version").select("version").where("id", "=", 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}

const countAsNumber = (f: { value: string; count: number | string | bigint }) => ({
  value: f.value,
  count: Number(f.count),
});

export function productById(db: Db, id: number): Promise<ProductListRow | undefined> {
  return db.selectFrom("products").select(PRODUCT_COLUMNS).where("id", "=", id).executeTakeFirst();
}

export function productsByIds(db: Db, ids: readonly number[]): Promise<ProductListRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("products")
    .select(PRODUCT_COLUMNS)
    .where("id", "in", [...ids])
    .where("listed", "=", true)
    .execute();
}

/** Other listed products sharing a series or an author with this one. */
export function productsSharing(
  db: Db,
  column: "series" | "author",
  value: string,
  except: number,
  sort: ProductListQuery["sort"],
  count: number,
): Promise<ProductListRow[]> {
  if (!value) return Promise.resolve([]);
  let query = db
    .selectFrom("products")
    .select(PRODUCT_COLUMNS)
    .where(column, "=", value)
    .where("id", "<>", except)
    .where("listed", "=", true)
    .orderBy(sql.join(ordering({ sort: sort ?? "release_date", start: 0, count })));
  if (count >= 0) query = query.limit(count);
  return query.execute();
}

/** The SKUs of products, by code or of a category, joined with their product's title, image and release date. */
export function skuRows(
  db: Db,
  where: { productId: number } | { codes: readonly string[] } | { category: string } | { all: true },
  options: { activeOnly?: boolean } = {},
) {
  let query = db
    .selectFrom("skus as s")
    .leftJoin("products as p", "p.id", "s.product_id")
    .selectAll("s")
    .select([
      "p.images as product_images",
      "p.release_date as release_date",
      "p.title as product_title",
      "p.categories as product_categories",
      "p.formats as product_formats",
    ]);
  if ("productId" in where) query = query.where("s.product_id", "=", where.productId);
  if ("category" in where) query = query.where("s.category", "=", where.category);
  if ("codes" in where) {
    if (where.codes.length === 0) return Promise.resolve([]);
    query = query.where("s.sku", "in", [...where.codes]);
  }
  if (options.activeOnly) query = query.where("s.active", "=", true);
  return query.orderBy("s.id").execute();
}
export type SkuListRow = Awaited<ReturnType<typeof skuRows>>[number];

const SKU_ORDER: Record<string, string> = {
  title: "lower(s.name)",
  price: "s.price_cents",
  sku: "s.sku",
  release_date: "p.release_date",
};

/** A page of every active SKU, sorted in SQL (`/store/skus/` with no product named). */
export async function activeSkuPage(db: Db, sort: string | undefined, start: number, count: number) {
  const key = (sort ?? "sku").replace(/^-/, "");
  const desc = sort?.startsWith("-") ?? false;
  let query = db
    .selectFrom("skus as s")
    .leftJoin("products as p", "p.id", "s.product_id")
    .selectAll("s")
    .select([
      "p.images as product_images",
      "p.release_date as release_date",
      "p.title as product_title",
      "p.categories as product_categories",
      "p.formats as product_formats",
    ])
    .where("s.active", "=", true)
    .orderBy(sql.raw(`${SKU_ORDER[key] ?? "s.sku"} ${desc ? "DESC" : "ASC"} NULLS LAST, s.id`))
    .offset(start);
  if (count >= 0) query = query.limit(count);
  const [rows, counted] = await Promise.all([
    query.execute(),
    db
      .selectFrom("skus")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("active", "=", true)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.n) };
}
