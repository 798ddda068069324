import type { Insertable } from "kysely";
import { categoryForSku, type CatalogEvent, type ProductFields, type SkuEvent } from "@shop/shared";
import type { ProductsTable, SkusTable } from "./catalog-tables.ts";

const json = (value: unknown) => JSON.stringify(value);

export function productColumns(f: Partial<ProductFields>): Partial<Insertable<ProductsTable>> {
  return {
    title: f.title,
    subtitle: f.subtitle,
    slug: f.slug,
    description: f.description,
    author: f.author,
    series: f.series,
    release_date: f.releaseDate,
    attributes: f.attributes && json(f.attributes),
    images: f.images && json(f.images),
    samples: f.samples && json(f.samples),
    includes: f.includes && json(f.includes),
    better_together: f.betterTogether && json(f.betterTogether),
    recommended: f.recommended && json(f.recommended),
  };
}

export type SkuData = Extract<SkuEvent, { type: "SkuCreated" }>["data"];

export function skuColumns(d: Partial<SkuData>): Partial<Insertable<SkusTable>> {
  return {
    own_name: d.name,
    product_id: d.productId,
    format: d.format,
    upc: d.upc,
    isbn: d.isbn,
    dimensions: d.dimensions,
    allow_returns: d.allowReturns,
    digital: d.digital,
    user_defined_price: d.userDefinedPrice,
    campaign: d.campaign,
    attributes: d.attributes && json(d.attributes),
    active: d.active,
    price_cents: d.priceCents,
    original_price_cents: d.originalPriceCents,
    price_tiers: d.priceTiers && json(d.priceTiers),
    stock: d.stock,
    backorder: d.backorder,
    restock_date: d.restockDate,
  };
}

export const defined = <T extends object>(row: T): T =>
  Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)) as T;

/** The products row a ProductCreated inserts (its card columns keep their defaults until refreshed). */
export function productRow(data: Extract<CatalogEvent, { type: "ProductCreated" }>["data"]): Insertable<ProductsTable> {
  const { id, createdAt, by: _by, ...fields } = data;
  const columns = productColumns(fields) as Omit<
    Insertable<ProductsTable>,
    "id" | "version" | "created_at" | "updated_at"
  >;
  return { ...columns, id, version: 0, created_at: createdAt, updated_at: createdAt };
}

/** The skus row a SkuAdded (the lookups' SKU, before the catalog) inserts. */
export function addedSkuRow(d: Extract<SkuEvent, { type: "SkuAdded" }>["data"], at: Date): Insertable<SkusTable> {
  return {
    id: d.id,
    sku: d.sku,
    name: d.name,
    own_name: d.name,
    price_cents: d.priceCents,
    active: d.active,
    category: categoryForSku(d.sku),
    product_id: null,
    format: "",
    upc: "",
    isbn: "",
    dimensions: "",
    original_price_cents: null,
    price_tiers: "[]",
    stock: null,
    backorder: false,
    restock_date: null,
    allow_returns: true,
    digital: false,
    user_defined_price: false,
    campaign: null,
    attributes: "{}",
    version: 0,
    updated_at: at.toISOString(),
  };
}

/** The skus row a SkuCreated inserts (its `name` is refreshed after). */
export function createdSkuRow(data: SkuData): Insertable<SkusTable> {
  const { id, code, createdAt, by: _by, ...rest } = data;
  return {
    ...(skuColumns(rest) as Omit<Insertable<SkusTable>, "id" | "sku" | "name" | "category" | "version" | "updated_at">),
    id,
    sku: code,
    name: rest.name,
    category: categoryForSku(code),
    version: 0,
    updated_at: createdAt,
  };
}
