import type { Insertable, Kysely } from "kysely";
import { catalogEvents, isEventOf, skuEvents, type RecordedEvent } from "@shop/shared";
import type { Database } from "../database.ts";
import { addedSkuRow, createdSkuRow, defined, productColumns, productRow, skuColumns } from "./catalog-columns.ts";
import type { ProductsTable, SkusTable } from "./catalog-tables.ts";
import { chunks, refreshManySkuNames, refreshProducts } from "./product-summary.ts";

type Db = Kysely<Database>;

/**
 * Several catalog events at once, leaving exactly the rows `apply` one by one leaves:
 * - Inserts wait in a list per table and go as multi-row INSERTs (the first row of an id wins, as
 *   ON CONFLICT DO NOTHING one by one would); an update first writes the waiting inserts.
 *   Inserts into one table and updates of the other commute: they touch different rows.
 * - SKU names and product cards are recomputed once per batch, at its end, for every SKU and
 *   product that `apply` would have refreshed. Both are functions of the rows as they are: every
 *   event that changes their inputs (a SKU's own name, product, price, stock, activity; a product's
 *   title or existence) refreshes them too, so the last refresh one by one sees the end state.
 * - catalog_version moves by the number of events, in one upsert.
 */
export async function applyCatalogBatch(db: Db, events: RecordedEvent[]): Promise<void> {
  let count = 0;
  const products = new Map<number, Insertable<ProductsTable>>();
  const skus = new Map<number, Insertable<SkusTable>>();
  const skuNames = new Set<number>();
  const productSkuNames = new Set<number>();
  const touched = new Set<number>();

  const writeInserts = async () => {
    for (const rows of chunks([...products.values()]))
      await db
        .insertInto("products")
        .values(rows)
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    for (const rows of chunks([...skus.values()], 500))
      await db
        .insertInto("skus")
        .values(rows)
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    products.clear();
    skus.clear();
  };
  const updateSku = async (id: number, columns: Partial<Insertable<SkusTable>>, at: string) => {
    await writeInserts();
    // `old` is the row before this UPDATE: the SKU's product before and after.
    const row = await db
      .updateTable("skus")
      .from("skus as old")
      .set((eb) => ({ ...defined(columns), version: eb("skus.version", "+", 1), updated_at: at }))
      .whereRef("skus.id", "=", "old.id")
      .where("skus.id", "=", id)
      .returning(["old.product_id as before", "skus.product_id as after"])
      .executeTakeFirst();
    skuNames.add(id);
    if (row?.before != null) touched.add(row.before);
    if (row?.after != null) touched.add(row.after);
  };

  for (const recorded of events) {
    if (!isEventOf(catalogEvents, recorded) && !isEventOf(skuEvents, recorded)) continue;
    const event = recorded;
    count++;
    switch (event.type) {
      case "ProductCreated": {
        const row = productRow(event.data);
        if (!products.has(row.id)) products.set(row.id, row);
        productSkuNames.add(row.id);
        touched.add(row.id);
        break;
      }
      case "ProductUpdated": {
        const { id, changes, updatedAt } = event.data;
        await writeInserts();
        await db
          .updateTable("products")
          .set((eb) => ({ ...defined(productColumns(changes)), version: eb("version", "+", 1), updated_at: updatedAt }))
          .where("id", "=", id)
          .execute();
        if (changes.title !== undefined) productSkuNames.add(id);
        touched.add(id);
        break;
      }
      case "SkuAdded": {
        const row = addedSkuRow(event.data, recorded.createdAt);
        if (!skus.has(row.id)) skus.set(row.id, row);
        break;
      }
      case "SkuCreated": {
        const row = createdSkuRow(event.data);
        if (!skus.has(row.id)) skus.set(row.id, row);
        skuNames.add(row.id);
        if (event.data.productId !== null) touched.add(event.data.productId);
        break;
      }
      case "SkuUpdated":
        await updateSku(event.data.id, skuColumns(event.data.changes), event.data.updatedAt);
        break;
      case "SkuPriceChanged":
      case "SkuStockChanged": {
        const { id, changedAt, by: _by, ...values } = event.data;
        await updateSku(id, skuColumns(values), changedAt);
        break;
      }
      case "SkuCodeClaimed":
        break;
      default:
        event satisfies never;
    }
  }
  if (count === 0) return;
  await writeInserts();
  await db
    .insertInto("catalog_version")
    .values({ id: 1, version: count })
    .onConflict((oc) => oc.column("id").doUpdateSet((eb) => ({ version: eb("catalog_version.version", "+", count) })))
    .execute();
  await refreshManySkuNames(db, [...skuNames], [...productSkuNames]);
  await refreshProducts(db, [...touched]);
}
