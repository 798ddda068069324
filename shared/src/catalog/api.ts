import { z } from "zod";
import { boundedText, blankAsAbsent, listStart, pgInt, positiveId } from "../http/request-fields.ts";
import { AVAILABILITIES } from "./availability.ts";

// The storefront's catalog calls (storefront §7) and what they answer. Money is integer cents in
// `*_cents`; `price`, `price_float` and `original_price` are the spec's wire forms ("12.99", 12.99).

const ok = z.object({ success: z.literal(true) });
const Money = { price: z.string(), price_float: z.number(), price_cents: z.number().int() };

/** Comma-separated or repeated (`?format=a&format=b`) values of a filter key. */
const valueList = (max = 200) =>
  z.preprocess(
    (v) =>
      v === undefined || v === "" ? undefined : (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(",")),
    z.array(boundedText(max)).max(50).optional(),
  );

/** A listing's sliders and panels render each item with `template` (storefront §7): `html` is then set. */
export const LIST_TEMPLATES = ["whats_included", "side_scrolling", "product_list"] as const;
const template = blankAsAbsent(z.enum(LIST_TEMPLATES).optional());

/** One SKU as lists, quick view and the product page show it (storefront §3 'SKU data'). */
export const SkuCard = z.object({
  id: z.number().int(),
  /** The SKU code ('name (code)' of §3). */
  sku: z.string(),
  name: z.string(),
  product_id: z.number().int().nullable(),
  url: z.string(),
  image: z.string().nullable(),
  category: z.string(),
  format: z.string(),
  upc: z.string(),
  isbn: z.string(),
  dimensions: z.string(),
  ...Money,
  original_price: z.string().nullable(),
  original_price_cents: z.number().int().nullable(),
  price_tiers: z.array(z.object({ min_quantity: z.number().int(), price: z.string(), price_cents: z.number().int() })),
  stock: z.number().int().nullable(),
  is_sold_out: z.boolean(),
  is_backordered: z.boolean(),
  restock_future: z.boolean(),
  restock_date: z.string().nullable(),
  allow_returns: z.boolean(),
  digital: z.boolean(),
  user_defined_price: z.boolean(),
  campaign: z.string().nullable(),
  /** Pairs of attribute slug and value. */
  attributes: z.array(z.object({ slug: z.string(), value: z.string() })),
  active: z.boolean(),
  html: z.string().optional(),
});
export type SkuCard = z.infer<typeof SkuCard>;

/** One product in a list, a search or a slider: the lowest price of its active SKUs. */
export const ProductCard = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  slug: z.string(),
  url: z.string(),
  image: z.string().nullable(),
  author: z.string(),
  series: z.string(),
  release_date: z.string().nullable(),
  categories: z.array(z.string()),
  formats: z.array(z.string()),
  ...Money,
  max_price_cents: z.number().int(),
  availability: z.enum(AVAILABILITIES),
  is_sold_out: z.boolean(),
  html: z.string().optional(),
});
export type ProductCard = z.infer<typeof ProductCard>;

export const PRODUCT_SORTS = [
  "relevance",
  "title",
  "-title",
  "price",
  "-price",
  "release_date",
  "-release_date",
] as const;
/** Largest page of a product list (24 by default, 48 on 'view more'). */
export const PRODUCT_LIST_MAX = 96;

/** GET /api/store/products/: the query-set list (search, sort, filters, paging); the URL hash holds the same keys. */
export const ProductListQuery = z.object({
  q: blankAsAbsent(boundedText(200).optional()),
  sort: blankAsAbsent(z.enum(PRODUCT_SORTS).optional()),
  start: listStart(),
  count: blankAsAbsent(pgInt({ min: 1, max: PRODUCT_LIST_MAX }).default(24)),
  category: valueList(),
  format: valueList(),
  availability: valueList(),
  min_price_cents: blankAsAbsent(pgInt({ min: 0 }).optional()),
  max_price_cents: blankAsAbsent(pgInt({ min: 0 }).optional()),
  template,
  x: z.unknown().optional(),
  ts: z.unknown().optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;

const Facet = z.array(z.object({ value: z.string(), count: z.number().int() }));
/** Price ranges the list offers as a filter, in cents (`max` null: no upper bound). */
export const PRICE_RANGES = [
  { value: "0-999", min: 0, max: 999 },
  { value: "1000-2499", min: 1000, max: 2499 },
  { value: "2500-4999", min: 2500, max: 4999 },
  { value: "5000-", min: 5000, max: null },
] as const;

export const ProductListResponse = z.object({
  metadata: ok,
  items: z.array(ProductCard),
  /** Items on this page. */
  count: z.number().int(),
  /** Every match. */
  total: z.number().int(),
  start: z.number().int(),
  /** Counts per filter value over the search's matches (each facet ignoring its own filter). */
  facets: z.object({ category: Facet, format: Facet, availability: Facet, price: Facet }),
});
export type ProductListResponse = z.infer<typeof ProductListResponse>;

export const SKU_SORTS = [
  "title",
  "-title",
  "price",
  "-price",
  "sku",
  "-sku",
  "release_date",
  "-release_date",
] as const;

/** GET /store/skus/: a product's formats (available_in), a pack's contents (pack_includes), or every SKU. */
export const SkuListQuery = z.object({
  available_in: blankAsAbsent(positiveId().optional()),
  pack_includes: blankAsAbsent(positiveId().optional()),
  sort: blankAsAbsent(z.enum(SKU_SORTS).optional()),
  template,
  /** -1 for all, else a page of at most 96 (24 by default). */
  count: blankAsAbsent(pgInt({ min: -1, max: PRODUCT_LIST_MAX }).default(24)),
  start: listStart(),
  x: z.unknown().optional(),
  ts: z.unknown().optional(),
});
export type SkuListQuery = z.infer<typeof SkuListQuery>;

export const SkuListResponse = z.object({
  metadata: ok,
  items: z.array(SkuCard),
  total: z.number().int(),
  count: z.number().int(),
});
export type SkuListResponse = z.infer<typeof SkuListResponse>;

export const SIBLING_RELATIONS = ["series", "author", "better_together", "recommended"] as const;

/** GET /api/store/product/get-siblings/: the product page's sliders (more in series by default). */
export const SiblingsQuery = z.object({
  id: positiveId(),
  relation: blankAsAbsent(z.enum(SIBLING_RELATIONS).default("series")),
  sort: blankAsAbsent(z.enum(PRODUCT_SORTS).optional()),
  template,
  count: blankAsAbsent(pgInt({ min: -1, max: PRODUCT_LIST_MAX }).default(24)),
  x: z.unknown().optional(),
  ts: z.unknown().optional(),
});
export type SiblingsQuery = z.infer<typeof SiblingsQuery>;

export const SiblingsResponse = z.object({
  metadata: ok,
  items: z.array(ProductCard),
  total: z.number().int(),
  count: z.number().int(),
});
export type SiblingsResponse = z.infer<typeof SiblingsResponse>;

/** GET /api/store/product/quick-view/?id=: a product id, `sku` (a code) to pick one of its SKUs. */
export const QuickViewQuery = z.object({
  id: positiveId(),
  sku: blankAsAbsent(boundedText(64).optional()),
  x: z.unknown().optional(),
  ts: z.unknown().optional(),
});

/** The quick-view fields of storefront §3, for the picked SKU (the first that can be bought by default). */
export const QuickViewResponse = z.object({
  metadata: ok,
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  url: z.string(),
  image: z.string().nullable(),
  description: z.string(),
  sku: z.number().int(),
  sku_code: z.string(),
  format_name: z.string(),
  ...Money,
  original_price: z.string().nullable(),
  isreleased: z.boolean(),
  release_date: z.string().nullable(),
  is_backordered: z.boolean(),
  restock_future: z.boolean(),
  restock_date: z.string().nullable(),
  is_sold_out: z.boolean(),
  allow_returns: z.boolean(),
  user_defined_price: z.boolean(),
  skus: z.array(SkuCard),
});
export type QuickViewResponse = z.infer<typeof QuickViewResponse>;

/** What quick view answers for an unknown product (storefront §8's own wording). */
export const QUICK_VIEW_FAILED = "The product information you requested could not be retrieved at this time.";

/** A product with everything its page shows (sliders load through the list calls). */
export const ProductDetail = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  slug: z.string(),
  url: z.string(),
  description: z.string(),
  author: z.string(),
  series: z.string(),
  release_date: z.string().nullable(),
  isreleased: z.boolean(),
  attributes: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      values: z.array(z.object({ label: z.string(), value: z.string() })),
    }),
  ),
  /** Per SKU code, its attribute values (the option picker's existing combinations). */
  sku_attributes: z.record(z.string(), z.record(z.string(), z.string())),
  images: z.array(z.object({ url: z.string(), alt: z.string() })),
  samples: z.array(z.object({ url: z.string(), title: z.string(), kind: z.string() })),
  includes: z.array(z.string()),
  better_together: z.array(z.number().int()),
  recommended: z.array(z.number().int()),
  skus: z.array(SkuCard),
});
export type ProductDetail = z.infer<typeof ProductDetail>;

/** GET /store/products/{id}/ with Accept: application/json: the full description (and the product). */
export const ProductDescriptionResponse = z.object({
  metadata: ok,
  description: z.string(),
  product: ProductDetail,
});
