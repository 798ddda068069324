import type { Kysely, Selectable } from "kysely";
import type { RecordedEvent } from "@shop/shared";
import { ProductNotFoundError, SkuNotFoundError } from "@shop/shared";
import type { Database, ProductsTable, SkusTable } from "@shop/projections";

// Records as the back office's forms and lists read them: the read-model row in snake_case with its
// version (what expected_version is compared with).

export function productView(p: Omit<Selectable<ProductsTable>, "search">) {
  return {
    id: p.id,
    title: p.title,
    subtitle: p.subtitle,
    slug: p.slug,
    description: p.description,
    author: p.author,
    series: p.series,
    release_date: p.release_date,
    attributes: p.attributes,
    images: p.images,
    samples: p.samples,
    includes: p.includes,
    better_together: p.better_together,
    recommended: p.recommended,
    categories: p.categories,
    formats: p.formats,
    min_price_cents: p.min_price_cents,
    max_price_cents: p.max_price_cents,
    availability: p.availability,
    listed: p.listed,
    url: `/store/products/${p.id}/`,
    version: p.version,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

export function skuView(s: Selectable<SkusTable>) {
  return {
    id: s.id,
    sku: s.sku,
    str: `${s.sku} ${s.name}`,
    name: s.own_name,
    title: s.name,
    product: s.product_id,
    category: s.category,
    format: s.format,
    upc: s.upc,
    isbn: s.isbn,
    dimensions: s.dimensions,
    price_cents: s.price_cents,
    original_price_cents: s.original_price_cents,
    price_tiers: s.price_tiers.map((t) => ({ min_quantity: t.minQuantity, price_cents: t.priceCents })),
    stock: s.stock,
    backorder: s.backorder,
    restock_date: s.restock_date,
    allow_returns: s.allow_returns,
    digital: s.digital,
    user_defined_price: s.user_defined_price,
    campaign: s.campaign,
    attributes: s.attributes,
    active: s.active,
    version: s.version,
    updated_at: s.updated_at,
  };
}

export async function loadProductView(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new ProductNotFoundError();
  return productView(row);
}

export async function loadSkuView(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom("skus").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new SkuNotFoundError();
  return skuView(row);
}

/** A record's versions from its stream: who changed what, when. */
export function historyItems(events: RecordedEvent[]) {
  return events.map((e) => {
    const { by, createdAt, updatedAt, changedAt, id: _id, ...rest } = e.data as Record<string, unknown>;
    return {
      version: e.streamPosition,
      type: e.type,
      at: (createdAt ?? updatedAt ?? changedAt ?? e.createdAt.toISOString()) as string,
      by: (by ?? null) as { id: string; name: string } | null,
      changes: "changes" in rest ? rest.changes : rest,
    };
  });
}
