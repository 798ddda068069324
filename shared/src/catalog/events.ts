import { z } from "zod";
import { defineEvent, type EventOf } from "../event-registry.ts";
import { UserRef } from "../content/events.ts";
import { SkuAdded } from "../lookups/events.ts";

// The catalog's write side: a stream per product (`product-{id}`) and per SKU (`sku-{id}`, the
// stream the lookups' SkuAdded already used, so a SKU added before the catalog existed is folded
// and changed like any other). Money in integer cents.

export const productStream = (id: number) => `product-${id}`;
/** Claims a SKU code once: the first append with no-stream wins. */
export const skuCodeStream = (code: string) => `skucode-${code}`;

const id = z.number().int().positive();
const cents = z.number().int().nonnegative();
const at = z.string();
const by = UserRef.nullable().default(null);

/** A field schema without its `.default()`: what an update's changes hold. */
type WithoutDefault<S> = S extends z.ZodDefault<infer Inner> ? Inner : S;

/**
 * The changes of an update: every field optional and without its default. `.partial()` keeps the
 * defaults, and zod 4 fills them in for absent keys, so an update read back would reset every field
 * it did not send.
 */
function changesOf<Shape extends z.ZodRawShape>(fields: z.ZodObject<Shape>) {
  const shape = Object.fromEntries(
    Object.entries(fields.shape).map(([key, field]) => [
      key,
      z.optional(field instanceof z.ZodDefault ? field.unwrap() : field),
    ]),
  );
  // as unknown as: Object.fromEntries loses the keys; the map above is exactly this mapped type.
  return z.object(shape) as unknown as z.ZodObject<{ [K in keyof Shape]: z.ZodOptional<WithoutDefault<Shape[K]>> }>;
}

export const AttributeValue = z.object({ label: z.string(), value: z.string() });
/** An option a product's SKUs differ by (size, colour, language): values as label/value pairs. */
export const ProductAttribute = z.object({ slug: z.string(), title: z.string(), values: z.array(AttributeValue) });
export const ProductImage = z.object({ url: z.string(), alt: z.string().default("") });
/** A sample page, clip or track the product page's slider enlarges. */
export const ProductSample = z.object({
  url: z.string(),
  title: z.string().default(""),
  kind: z.string().default("image"),
});
/** A line of a bulk price: a line of at least minQuantity costs priceCents each. */
export const PriceTier = z.object({ minQuantity: z.number().int().min(2), priceCents: cents });

/** Everything about a product staff edit; a ProductUpdated carries only the fields that changed. */
export const ProductFields = z.object({
  title: z.string(),
  subtitle: z.string().default(""),
  slug: z.string(),
  description: z.string().default(""),
  author: z.string().default(""),
  series: z.string().default(""),
  releaseDate: z.string().nullable().default(null),
  attributes: z.array(ProductAttribute).default([]),
  images: z.array(ProductImage).default([]),
  samples: z.array(ProductSample).default([]),
  /** What's included (a pack): SKU codes. */
  includes: z.array(z.string()).default([]),
  /** Better together and recommended: product ids. More in series / by author follow from series and author. */
  betterTogether: z.array(id).default([]),
  recommended: z.array(id).default([]),
});
export type ProductFields = z.infer<typeof ProductFields>;

export const ProductCreated = defineEvent(
  "ProductCreated",
  z.object({ id, ...ProductFields.shape, createdAt: at, by }),
);
export const ProductUpdated = defineEvent(
  "ProductUpdated",
  z.object({ id, changes: changesOf(ProductFields), updatedAt: at, by }),
);

/** A SKU's descriptive fields (everything but price and stock, which have their own events). */
export const SkuFields = z.object({
  productId: id.nullable().default(null),
  /** The SKU's own name; empty means the product's title. */
  name: z.string().default(""),
  format: z.string().default(""),
  upc: z.string().default(""),
  isbn: z.string().default(""),
  dimensions: z.string().default(""),
  allowReturns: z.boolean().default(true),
  digital: z.boolean().default(false),
  userDefinedPrice: z.boolean().default(false),
  campaign: z.string().nullable().default(null),
  /** Attribute slug → value of the product's attributes. */
  attributes: z.record(z.string(), z.string()).default({}),
  active: z.boolean().default(true),
});
export type SkuFields = z.infer<typeof SkuFields>;

export const SkuPrice = z.object({
  priceCents: cents,
  originalPriceCents: cents.nullable().default(null),
  priceTiers: z.array(PriceTier).default([]),
});
export type SkuPrice = z.infer<typeof SkuPrice>;

/** Stock on hand (null: not tracked), whether it may be backordered and when it comes back. */
export const SkuStock = z.object({
  stock: z.number().int().nonnegative().nullable().default(null),
  backorder: z.boolean().default(false),
  restockDate: z.string().nullable().default(null),
});
export type SkuStock = z.infer<typeof SkuStock>;

export const SkuCreated = defineEvent(
  "SkuCreated",
  z.object({ id, code: z.string(), ...SkuFields.shape, ...SkuPrice.shape, ...SkuStock.shape, createdAt: at, by }),
);
export const SkuUpdated = defineEvent("SkuUpdated", z.object({ id, changes: changesOf(SkuFields), updatedAt: at, by }));
export const SkuPriceChanged = defineEvent("SkuPriceChanged", z.object({ id, ...SkuPrice.shape, changedAt: at, by }));
export const SkuStockChanged = defineEvent(
  "SkuStockChanged",
  z.object({
    id,
    ...SkuStock.shape,
    changedAt: at,
    by,
    /** The stock an order gave back (`order-{number}`): put back once per order, whoever repeats it. */
    releasedFor: z.string().optional(),
    /** The payment attempt that took it (`attempt-{id}`): taken once per attempt, and found again by the reactor. */
    takenFor: z.string().optional(),
  }),
);
export const SkuCodeClaimed = defineEvent("SkuCodeClaimed", z.object({ skuId: id, code: z.string() }));

export const productEvents = [ProductCreated, ProductUpdated] as const;
export type ProductEvent = EventOf<typeof productEvents>;

/** A SKU stream's events; SkuAdded (the lookups' first, minimal SKU) counts as its creation. */
export const skuEvents = [SkuAdded, SkuCreated, SkuUpdated, SkuPriceChanged, SkuStockChanged] as const;
export type SkuEvent = EventOf<typeof skuEvents>;

/** The events the catalog writes (SkuAdded is registered by the lookups). */
export const catalogEvents = [
  ProductCreated,
  ProductUpdated,
  SkuCreated,
  SkuUpdated,
  SkuPriceChanged,
  SkuStockChanged,
  SkuCodeClaimed,
] as const;
export type CatalogEvent = EventOf<typeof catalogEvents>;
