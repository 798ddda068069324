import { z } from "zod";
import {
  blankAsAbsent,
  boundedText,
  LONG_TEXT_MAX,
  listCount,
  listStart,
  nullableId,
  pgInt,
  positiveId,
  requiredText,
} from "../http/request-fields.ts";

// The back office's catalog REST (/admin/api/store/product/ and /admin/api/store/sku/): the form's
// snake_case fields; create needs the named ones, an update sends only what the editor changed.

const Flag = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.enum(["true", "false", "1", "0"])])
  .transform((v) => v === true || v === 1 || v === "true" || v === "1");
const NullableDate = z.preprocess(
  (v) => (v === "" ? null : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a valid date (yyyy-mm-dd).")
    .nullable(),
);
const cents = pgInt({ min: 0 });
const text = (max: number) => boundedText(max);
const codes = z.array(requiredText(64)).max(500);
const ids = z.array(positiveId()).max(500);

const productFields = {
  title: requiredText(500),
  subtitle: text(500),
  slug: text(255),
  description: boundedText(LONG_TEXT_MAX, { trim: false }),
  author: text(255),
  series: text(255),
  release_date: NullableDate,
  attributes: z
    .array(
      z.object({
        slug: requiredText(100),
        title: requiredText(255),
        values: z.array(z.object({ label: requiredText(255), value: requiredText(100) })).max(200),
      }),
    )
    .max(20),
  images: z.array(z.object({ url: requiredText(1000), alt: text(500).default("") })).max(50),
  samples: z
    .array(z.object({ url: requiredText(1000), title: text(500).default(""), kind: text(50).default("image") }))
    .max(50),
  includes: codes,
  better_together: ids,
  recommended: ids,
};

const expected = { expected_version: pgInt({ min: -1 }).optional() };

/** PUT /admin/api/store/product/{id}/: the changed fields, and the version the editor loaded. */
export const UpdateProductRequest = z.object({ ...partial(productFields), ...expected });
export type UpdateProductInput = z.infer<typeof UpdateProductRequest>;
/** POST /admin/api/store/product/: a title is required; the slug defaults to the title's. */
export const CreateProductRequest = UpdateProductRequest.extend({ title: requiredText(500) });
export type CreateProductInput = z.infer<typeof CreateProductRequest>;

const skuFields = {
  sku: requiredText(64).regex(/^\S+$/, "Enter a code without spaces."),
  product: nullableId(),
  name: text(500),
  format: text(100),
  upc: text(50),
  isbn: text(50),
  dimensions: text(255),
  price_cents: cents,
  original_price_cents: z.preprocess((v) => (v === "" ? null : v), cents.nullable()),
  price_tiers: z.array(z.object({ min_quantity: pgInt({ min: 2 }), price_cents: cents })).max(20),
  stock: z.preprocess((v) => (v === "" ? null : v), pgInt({ min: 0 }).nullable()),
  backorder: Flag,
  restock_date: NullableDate,
  allow_returns: Flag,
  digital: Flag,
  user_defined_price: Flag,
  campaign: z.preprocess((v) => (v === "" ? null : v), text(100).nullable()),
  attributes: z.record(requiredText(100), text(100)),
  active: Flag,
};

/** PUT /admin/api/store/sku/{id}/: the changed fields (the code stays), and the version the editor loaded. */
export const UpdateSkuRequest = z.object({ ...partial(skuFields), ...expected }).omit({ sku: true });
export type UpdateSkuInput = z.infer<typeof UpdateSkuRequest>;
/** POST /admin/api/store/sku/: the code and the price are required. */
export const CreateSkuRequest = z.object({ ...partial(skuFields), sku: skuFields.sku, price_cents: cents });
export type CreateSkuInput = z.infer<typeof CreateSkuRequest>;

const sort = z
  .string()
  .regex(/^-?[a-z_]{1,100}$/, "Enter a column name, or -column for descending.")
  .default("id");
const filterText = blankAsAbsent(boundedText(255).optional());

/** GET /admin/api/store/product/: count (100, -1 for all), start, sort (`-col` descending), q and filters. */
export const AdminProductListQuery = z.object({
  start: listStart(),
  count: listCount(),
  sort,
  q: filterText,
  category: filterText,
  series: filterText,
  author: filterText,
  listed: blankAsAbsent(Flag.optional()),
  ts: z.unknown().optional(),
  x: z.unknown().optional(),
});
export type AdminProductListQuery = z.infer<typeof AdminProductListQuery>;
export const ADMIN_PRODUCT_SORTS = [
  "id",
  "title",
  "author",
  "series",
  "release_date",
  "min_price_cents",
  "updated_at",
] as const;

/** GET /admin/api/store/sku/: as the product list, with the SKU's own filters. */
export const AdminSkuListQuery = z.object({
  start: listStart(),
  count: listCount(),
  sort,
  q: filterText,
  category: filterText,
  format: filterText,
  product: blankAsAbsent(positiveId().optional()),
  active: blankAsAbsent(Flag.optional()),
  user_defined_price: blankAsAbsent(Flag.optional()),
  ts: z.unknown().optional(),
  x: z.unknown().optional(),
});
export type AdminSkuListQuery = z.infer<typeof AdminSkuListQuery>;
export const ADMIN_SKU_SORTS = [
  "id",
  "sku",
  "name",
  "format",
  "category",
  "price_cents",
  "stock",
  "updated_at",
] as const;

function partial<T extends Record<string, z.ZodType>>(shape: T): { [K in keyof T]: z.ZodOptional<T[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof T]: z.ZodOptional<T[K]>;
  };
}
