import type { Insertable, Kysely } from "kysely";
import { catalogEvents, categoryForSku, isEventOf, skuEvents, type ProductFields, type SkuEvent } from "@shop/shared";
import type { Database } from "../database.ts";
import type { Projection } from "../runner/projection.ts";
import { migrateCatalog, type ProductsTable, type SkusTable } from "./catalog-tables.ts";
import { refreshProduct, refreshSkuNames } from "./product-summary.ts";

type Db = Kysely<Database>;
const json = (value: unknown) => JSON.stringify(value);

function productColumns(f: Partial<ProductFields>): Partial<Insertable<ProductsTable>> {
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

type SkuData = Extract<SkuEvent, { type: "SkuCreated" }>["data"];

function skuColumns(d: Partial<SkuData>): Partial<Insertable<SkusTable>> {
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

const defined = <T extends object>(row: T): T =>
  Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)) as T;

/** The product a SKU belongs to, before and after an event (both need their summary refreshed). */
async function productOf(db: Db, skuId: number): Promise<number | null> {
  const row = await db.selectFrom("skus").select("product_id").where("id", "=", skuId).executeTakeFirst();
  return row?.product_id ?? null;
}

/** Bumps a SKU row's version and applies `columns`; returns the products whose summary changes. */
async function updateSku(db: Db, id: number, columns: Partial<Insertable<SkusTable>>, at: string): Promise<number[]> {
  const before = await productOf(db, id);
  await db
    .updateTable("skus")
    .set((eb) => ({ ...defined(columns), version: eb("version", "+", 1), updated_at: at }))
    .where("id", "=", id)
    .execute();
  const after = await productOf(db, id);
  if ("own_name" in columns || before !== after) await refreshSkuNames(db, { skuId: id });
  return [...new Set([before, after])].filter((p): p is number => p !== null);
}

export const catalogProjection: Projection = {
  name: "catalog",
  version: 1,
  tables: ["products", "skus", "catalog_version"],
  handles: [
    "ProductCreated",
    "ProductUpdated",
    "SkuAdded",
    "SkuCreated",
    "SkuUpdated",
    "SkuPriceChanged",
    "SkuStockChanged",
  ],
  migrate: migrateCatalog,
  async apply(trx, recorded) {
    const db: Db = trx;
    if (!isEventOf(catalogEvents, recorded) && !isEventOf(skuEvents, recorded)) return; // only the types in `handles` reach here
    const event = recorded;
    let touched: number[] = [];
    await db
      .insertInto("catalog_version")
      .values({ id: 1, version: 1 })
      .onConflict((oc) => oc.column("id").doUpdateSet((eb) => ({ version: eb("catalog_version.version", "+", 1) })))
      .execute();
    switch (event.type) {
      case "ProductCreated": {
        const { id, createdAt, by: _by, ...fields } = event.data;
        const columns = productColumns(fields) as Omit<
          Insertable<ProductsTable>,
          "id" | "version" | "created_at" | "updated_at"
        >;
        await db
          .insertInto("products")
          .values({ ...columns, id, version: 0, created_at: createdAt, updated_at: createdAt })
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
        await refreshSkuNames(db, { productId: id });
        touched = [id];
        break;
      }
      case "ProductUpdated": {
        const { id, changes, updatedAt } = event.data;
        await db
          .updateTable("products")
          .set((eb) => ({ ...defined(productColumns(changes)), version: eb("version", "+", 1), updated_at: updatedAt }))
          .where("id", "=", id)
          .execute();
        if (changes.title !== undefined) await refreshSkuNames(db, { productId: id });
        touched = [id];
        break;
      }
      case "SkuAdded": {
        const d = event.data;
        await db
          .insertInto("skus")
          .values({
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
            updated_at: recorded.createdAt.toISOString(),
          })
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
        return;
      }
      case "SkuCreated": {
        const { id, code, createdAt, by: _by, ...rest } = event.data;
        await db
          .insertInto("skus")
          .values({
            ...(skuColumns(rest) as Omit<
              Insertable<SkusTable>,
              "id" | "sku" | "name" | "category" | "version" | "updated_at"
            >),
            id,
            sku: code,
            name: rest.name,
            category: categoryForSku(code),
            version: 0,
            updated_at: createdAt,
          })
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
        await refreshSkuNames(db, { skuId: id });
        touched = rest.productId === null ? [] : [rest.productId];
        break;
      }
      case "SkuUpdated":
        touched = await updateSku(db, event.data.id, skuColumns(event.data.changes), event.data.updatedAt);
        break;
      case "SkuPriceChanged":
      case "SkuStockChanged": {
        const { id, changedAt, by: _by, ...values } = event.data;
        touched = await updateSku(db, id, skuColumns(values), changedAt);
        break;
      }
      case "SkuCodeClaimed":
        return;
      default: {
        event satisfies never;
        return;
      }
    }
    for (const productId of touched) await refreshProduct(db, productId);
  },
};
