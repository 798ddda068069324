import { ProductFields, SkuFields, slugify, type SkuPrice, type SkuStock } from "@shop/shared";
import type { CreateSkuInput, UpdateProductInput, UpdateSkuInput } from "@shop/shared/catalog/admin-api";
import type { SkuChanges } from "./sku.ts";

// The back office's snake_case fields (and the import file's, which are the same) as the deciders' fields.

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Only the product fields the input names. */
export function productChanges(input: UpdateProductInput): Partial<ProductFields> {
  return definedOnly({
    title: input.title,
    subtitle: input.subtitle,
    slug: input.slug === undefined ? undefined : input.slug || (input.title ? slugify(input.title) : undefined),
    description: input.description,
    author: input.author,
    series: input.series,
    releaseDate: input.release_date,
    attributes: input.attributes,
    images: input.images,
    samples: input.samples,
    includes: input.includes,
    betterTogether: input.better_together,
    recommended: input.recommended,
  });
}

/** A new product's fields: what the input names, defaults for the rest, the slug from the title when blank. */
export function productFields(input: UpdateProductInput & { title: string }): ProductFields {
  const changes = productChanges(input);
  return ProductFields.parse({ ...changes, slug: changes.slug || slugify(input.title) });
}

/** Only the SKU fields, price and stock the input names (a price or stock change carries the rest of its event). */
export function skuChanges(input: UpdateSkuInput): SkuChanges {
  const fields = definedOnly({
    productId: input.product,
    name: input.name,
    format: input.format,
    upc: input.upc,
    isbn: input.isbn,
    dimensions: input.dimensions,
    allowReturns: input.allow_returns,
    digital: input.digital,
    userDefinedPrice: input.user_defined_price,
    campaign: input.campaign,
    attributes: input.attributes,
    active: input.active,
  });
  const price = definedOnly({
    priceCents: input.price_cents,
    originalPriceCents: input.original_price_cents,
    priceTiers: input.price_tiers?.map((t) => ({ minQuantity: t.min_quantity, priceCents: t.price_cents })),
  });
  const stock = definedOnly({ stock: input.stock, backorder: input.backorder, restockDate: input.restock_date });
  return { fields, price, stock };
}

export function newSku(input: CreateSkuInput) {
  const { fields, price, stock } = skuChanges(input);
  const fullPrice: SkuPrice = { originalPriceCents: null, priceTiers: [], ...price, priceCents: input.price_cents };
  const fullStock: SkuStock = { stock: null, backorder: false, restockDate: null, ...stock };
  return { code: input.sku, fields: SkuFields.parse(fields), price: fullPrice, stock: fullStock };
}
