import type { Insertable, Kysely } from "kysely";
import { catalogEvents, isEventOf, skuEvents } from "@shop/shared";
import type { Database } from "../database.ts";
import type { Projection } from "../runner/projection.ts";
import { applyCatalogBatch } from "./catalog-batch.ts";
import { addedSkuRow, createdSkuRow, defined, productColumns, productRow, skuColumns } from "./catalog-columns.ts";
import { createRankIndex, migrateCatalog, type SkusTable } from "./catalog-tables.ts";
import { refreshProduct, refreshSkuNames } from "./product-summary.ts";

type Db = Kysely<Database>;

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
  version: 3, // 2: product_search_terms; 3: without words that begin with a digit
  tables: ["products", "skus", "catalog_version", "product_search_terms"],
  handles: [
    "ProductCreated",
    "ProductUpdated",
    "SkuAdded",
    "SkuCreated",
    "SkuUpdated",
    "SkuPriceChanged",
    "SkuStockChanged",
  ],
  // The list's, search's and record pickers' orders: the projector reads products and SKUs by id and
  // product id only. The rank index most of all: a row's entry lands on a random leaf page of it.
  readIndexes: [
    "product_search_terms_rank",
    "products_listed_title",
    "products_listed_price",
    "products_series",
    "products_author",
    "skus_category",
  ],
  migrate: migrateCatalog,
  applyBatch: (trx, events, context) => applyCatalogBatch(trx, events, context),
  // A far-behind catch-up's batches drop the rank index (applyCatalogBatch): built here once, sorted.
  finishCatchUp: (db) => db.transaction().execute((trx) => createRankIndex(trx)),
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
        const row = productRow(event.data);
        await db
          .insertInto("products")
          .values(row)
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
        await refreshSkuNames(db, { productId: row.id });
        touched = [row.id];
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
        await db
          .insertInto("skus")
          .values(addedSkuRow(event.data, recorded.createdAt))
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
        return;
      }
      case "SkuCreated": {
        const { id, productId } = event.data;
        await db
          .insertInto("skus")
          .values(createdSkuRow(event.data))
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
        await refreshSkuNames(db, { skuId: id });
        touched = productId === null ? [] : [productId];
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
