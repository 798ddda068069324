import { type Insertable, type Kysely, sql } from "kysely";
import { catalogEvents, isEventOf, skuEvents, type RecordedEvent } from "@shop/shared";
import type { Database } from "../database.ts";
import { addedSkuRow, createdSkuRow, defined, productColumns, productRow, skuColumns } from "./catalog-columns.ts";
import { dropRankIndex, rankIndexIn, type ProductsTable, type SkusTable } from "./catalog-tables.ts";
import type { BatchContext } from "../runner/projection.ts";
import { cardsOf, chunks, insertProducts, refreshManySkuNames, refreshProducts } from "./product-summary.ts";

type Db = Kysely<Database>;

/**
 * Several catalog events at once, leaving exactly the rows `apply` one by one leaves:
 * - Inserts wait in a list per table and go as multi-row INSERTs (the first row of an id wins, as
 *   ON CONFLICT DO NOTHING one by one would), the SKUs and then the products at the end of the batch.
 *   An update of a row waiting to be inserted changes it in memory (and is kept, to be written as an
 *   UPDATE should the insert find the id taken, where one by one it would have changed that row).
 * - SKU names and product cards are recomputed once per batch, at its end, for every SKU and
 *   product that `apply` would have refreshed. Both are functions of the rows as they are: every
 *   event that changes their inputs (a SKU's own name, product, price, stock, activity; a product's
 *   title or existence) refreshes them too, so the last refresh one by one sees the end state.
 * - Each row is written once where it can be: a SkuCreated's row is inserted with the name the
 *   refresh would give it, and the products still waiting at the end are inserted after the SKUs,
 *   with their cards and search document (a refresh then writes only what differs). A product or SKU
 *   written twice costs a second row version in every index (products have seven, two of them GIN).
 * - Updates of other rows wait too, folded per row (the columns set, later events' values winning, the
 *   number of events for the version, the last time), and go as one UPDATE per set of columns
 *   (`writeUpdates`): a shop's history changes stock, prices and texts far more often than it creates
 *   rows. A row's waiting update and waiting insert never coexist (an insert of a row with a waiting
 *   update first writes the updates), so the two lists name different rows and commute.
 * - Far behind the log (`context.behind`, and more events to come than search words stored), the rank
 *   index of the search words is dropped first, in the batch's transaction, and built again when the
 *   catch-up ends (`finishCatchUp`): see `dropRankIndex` and `Far`. Its new search words
 *   are then inserted as they come, not sorted into the rank index's order.
 * - catalog_version moves by the number of events, in one upsert, sent with the look-up of the tables
 *   to analyze and, far behind, of the words stored and the rank index (`moveVersionAndAnalyze`):
 *   one round trip.
 */
export async function applyCatalogBatch(db: Db, events: RecordedEvent[], context?: BatchContext): Promise<void> {
  const count = events.filter((e) => isEventOf(catalogEvents, e) || isEventOf(skuEvents, e)).length;
  if (count === 0) return;
  // Far behind: the rank index waits for the end of the catch-up (`finishCatchUp`), built once, sorted;
  // while it is off, the batch's new search words go unsorted (no rank index to write them in order for).
  const far = await moveVersionAndAnalyze(db, count, context?.behind);
  if (far?.putOff && far.ranked) await dropRankIndex(db, far.schema);
  const rankOff = far !== null && (far.putOff || !far.ranked);
  const products = new Map<number, Insertable<ProductsTable>>();
  /** Waiting SKU rows; `named`: a SkuCreated's, whose name is refreshed (a SkuAdded's keeps its own). */
  const skus = new Map<number, { row: Insertable<SkusTable>; named: boolean }>();
  const skuNames = new Set<number>();
  const productSkuNames = new Set<number>();
  const touched = new Set<number>();

  const skuUpdates = new Map<number, Folded>();
  const productUpdates = new Map<number, Folded>();
  /** What the events changed in a waiting row since it was queued: written as an update should its insert find the id taken. */
  const skuLater = new Map<number, Folded>();
  const productLater = new Map<number, Folded>();

  const writeSkus = async () => {
    const titles = await titlesOf(
      db,
      [...skus.values()].filter((s) => s.named && s.row.own_name === ""),
      products,
    );
    const inserted = await insertSkus(
      db,
      [...skus.values()].map(({ row, named }) => (named ? { ...row, name: skuName(row, titles) } : row)),
    );
    for (const [id, later] of skuLater) if (!inserted.has(id)) skuUpdates.set(id, later);
    skus.clear();
    skuLater.clear();
  };
  const writeUpdates = async () => {
    for (const { id, before, after } of await updateRows(db, "skus", skuUpdates)) {
      // One by one, each update touches the SKU's product before and after it: the first's before,
      // every product an event moved it to, the last's after.
      if (before != null) touched.add(before);
      if (after != null) touched.add(after);
      for (const moved of skuUpdates.get(id)!.productIds) touched.add(moved);
    }
    skuUpdates.clear();
    await updateRows(db, "products", productUpdates);
    productUpdates.clear();
  };
  const updateSku = (id: number, columns: Partial<Insertable<SkusTable>>, at: string) => {
    const set = defined(columns);
    const waiting = skus.get(id);
    // A row waiting to be inserted takes the change in memory, as the UPDATE right after its insert would.
    const folded = fold(waiting ? skuLater : skuUpdates, id, set, at);
    if (set.product_id != null) folded.productIds.push(set.product_id);
    if (waiting) {
      if (waiting.row.product_id != null) touched.add(waiting.row.product_id);
      waiting.row = { ...waiting.row, ...set, version: waiting.row.version + 1, updated_at: at };
      if (waiting.row.product_id != null) touched.add(waiting.row.product_id);
    }
    skuNames.add(id);
  };

  for (const recorded of events) {
    if (!isEventOf(catalogEvents, recorded) && !isEventOf(skuEvents, recorded)) continue;
    const event = recorded;
    switch (event.type) {
      case "ProductCreated": {
        const row = productRow(event.data);
        if (productUpdates.has(row.id)) await writeUpdates();
        if (!products.has(row.id)) products.set(row.id, row);
        productSkuNames.add(row.id);
        touched.add(row.id);
        break;
      }
      case "ProductUpdated": {
        const { id, changes, updatedAt } = event.data;
        const set = defined(productColumns(changes));
        const waiting = products.get(id);
        fold(waiting ? productLater : productUpdates, id, set, updatedAt);
        if (waiting) products.set(id, { ...waiting, ...set, version: waiting.version + 1, updated_at: updatedAt });
        if (changes.title !== undefined) productSkuNames.add(id);
        touched.add(id);
        break;
      }
      case "SkuAdded": {
        const row = addedSkuRow(event.data, recorded.createdAt);
        if (skuUpdates.has(row.id)) await writeUpdates();
        if (!skus.has(row.id)) skus.set(row.id, { row, named: false });
        break;
      }
      case "SkuCreated": {
        const row = createdSkuRow(event.data);
        if (skuUpdates.has(row.id)) await writeUpdates();
        if (!skus.has(row.id)) skus.set(row.id, { row, named: true });
        skuNames.add(row.id);
        if (event.data.productId !== null) touched.add(event.data.productId);
        break;
      }
      case "SkuUpdated":
        updateSku(event.data.id, skuColumns(event.data.changes), event.data.updatedAt);
        break;
      case "SkuPriceChanged":
      case "SkuStockChanged": {
        const { id, changedAt, by: _by, ...values } = event.data;
        updateSku(id, skuColumns(values), changedAt);
        break;
      }
      case "SkuCodeClaimed":
        break;
      default:
        event satisfies never;
    }
  }
  // The SKUs first: the waiting products' cards are read from them (and the updates name the products they touch).
  await writeSkus();
  await writeUpdates();
  const cards = await cardsOf(db, [...touched]);
  const inserted = await insertProducts(db, [...products.values()], cards, { rankOrder: !rankOff });
  for (const id of [...productLater.keys()]) if (inserted.has(id)) productLater.delete(id);
  await updateRows(db, "products", productLater);
  products.clear();
  await refreshManySkuNames(db, [...skuNames], [...productSkuNames]);
  await refreshProducts(db, [...touched], cards, inserted);
}

/**
 * Far behind: whether the catch-up, with `behind` events to come, should drop the rank index until
 * its end (`putOff`), and whether it is there now (`ranked`: an earlier far batch may have dropped it).
 * Built once, it costs about a third of what keeping it costs per word written (3.8 s for 1.1 million
 * words against 12 s as they come, bench/README.md), but it is built over every word, the stored ones
 * too: worth it when more events are to come than words are stored (an event brings 0 to about 10
 * words; an import about 2.6). A catch-up far behind a large catalog keeps the index as it is.
 */
interface Far {
  putOff: boolean;
  ranked: boolean;
  schema: string;
}

/** A row's waiting update: the columns its events set (the last value of each), how many, the last time. */
interface Folded {
  set: Record<string, unknown>;
  count: number;
  at: string;
  /** The products a SKU's events moved it to, in order. */
  productIds: number[];
}

function fold(updates: Map<number, Folded>, id: number, set: object, at: string): Folded {
  const folded = updates.get(id) ?? { set: {}, count: 0, at, productIds: [] };
  Object.assign(folded.set, set);
  folded.count++;
  folded.at = at;
  updates.set(id, folded);
  return folded;
}

/** The product columns an update sets, with their types, as `json_to_recordset` unpacks them (jsonb ones as text). */
const PRODUCT_UPDATE_COLUMNS = `title text, subtitle text, slug text, description text, author text, series text,
  release_date text, attributes text, images text, samples text, includes text, better_together text, recommended text`;
const PRODUCT_JSON_COLUMNS = new Set(["attributes", "images", "samples", "includes", "better_together", "recommended"]);

/**
 * Writes folded updates, one UPDATE per set of columns (a batch's stock changes all set the same
 * three), its rows as one JSON parameter: each row gets its columns, `version + count` and the last
 * time, as its events one by one would leave it. Answers each updated row's `product_id` before and
 * after (skus; `old` is the row before the UPDATE). A row not in the table is left out, as one by one.
 */
async function updateRows(
  db: Db,
  table: "skus" | "products",
  updates: Map<number, Folded>,
): Promise<{ id: number; before: number | null; after: number | null }[]> {
  const groups = new Map<string, { columns: string[]; rows: Record<string, unknown>[] }>();
  for (const [id, { set, count, at }] of updates) {
    const columns = Object.keys(set).sort();
    const key = columns.join(",");
    const group = groups.get(key) ?? { columns, rows: [] };
    group.rows.push({ ...set, id, n: count, at });
    groups.set(key, group);
  }
  const { types, json } = UPDATE_TYPES[table];
  const out: { id: number; before: number | null; after: number | null }[] = [];
  for (const { columns, rows } of groups.values()) {
    const record = sql.raw(
      ["id integer, n integer, at text", ...columns.map((c) => `${c} ${types.get(c)}`)].join(", "),
    );
    const assignments = sql.join(
      columns.map((c) => sql`${sql.ref(c)} = ${json.has(c) ? sql`${sql.ref(`v.${c}`)}::jsonb` : sql.ref(`v.${c}`)}`),
    );
    const sets = columns.length > 0 ? sql`${assignments},` : sql``;
    for (const chunk of chunks(rows, 2000)) {
      const values = sql`json_to_recordset(${JSON.stringify(chunk)}::json) AS v(${record})`;
      if (table === "skus") {
        const { rows: changed } = await sql<{ id: number; before: number | null; after: number | null }>`UPDATE skus
          SET ${sets} version = skus.version + v.n, updated_at = v.at
          FROM skus old, ${values} WHERE skus.id = v.id AND old.id = v.id
          RETURNING skus.id, old.product_id AS before, skus.product_id AS after`.execute(db);
        out.push(...changed);
      } else
        await sql`UPDATE products SET ${sets} version = products.version + v.n, updated_at = v.at
          FROM ${values} WHERE products.id = v.id`.execute(db);
    }
  }
  return out;
}

/** The skus columns, with their types, as `json_to_recordset` unpacks them (jsonb ones come as text). */
const SKU_COLUMNS = `id integer, sku text, name text, own_name text, price_cents integer, active boolean, category text,
  product_id integer, format text, upc text, isbn text, dimensions text, original_price_cents integer, price_tiers text,
  stock integer, backorder boolean, restock_date text, allow_returns boolean, digital boolean,
  user_defined_price boolean, campaign text, attributes text, version integer, updated_at text`;
const SKU_JSON_COLUMNS = new Set(["price_tiers", "attributes"]);
const skuColumnNames = SKU_COLUMNS.split(",").map((c) => c.trim().split(" ")[0]);
const typesOf = (columns: string) => new Map(columns.split(",").map((c) => c.trim().split(" ") as [string, string]));
const UPDATE_TYPES = {
  skus: { types: typesOf(SKU_COLUMNS), json: SKU_JSON_COLUMNS },
  products: { types: typesOf(PRODUCT_UPDATE_COLUMNS), json: PRODUCT_JSON_COLUMNS },
};

/**
 * Inserts SKU rows (ON CONFLICT (id) DO NOTHING; the caller keeps the first row of an id) as one JSON
 * parameter per 2,000 rows: one short statement planned once, where a multi-row VALUES sent 24
 * parameters a row for the server to parse, bind and plan.
 */
async function insertSkus(db: Db, rows: Insertable<SkusTable>[]): Promise<Set<number>> {
  const inserted = new Set<number>();
  const names = sql.join(skuColumnNames.map((c) => sql.ref(c)));
  const values = sql.join(
    skuColumnNames.map((c) => (SKU_JSON_COLUMNS.has(c) ? sql`${sql.ref(`v.${c}`)}::jsonb` : sql.ref(`v.${c}`))),
  );
  for (const chunk of chunks(rows, 2000)) {
    const { rows: ids } = await sql<{ id: number }>`INSERT INTO skus (${names}) SELECT ${values}
      FROM json_to_recordset(${JSON.stringify(chunk)}::json) AS v(${sql.raw(SKU_COLUMNS)})
      ON CONFLICT (id) DO NOTHING RETURNING id`.execute(db);
    for (const { id } of ids) inserted.add(id);
  }
  return inserted;
}

/** `name` as the refresh (`product-summary.ts`) writes it: the own name, else the product's title, else the code. */
const skuName = (row: Insertable<SkusTable>, titles: Map<number, string>) =>
  row.own_name !== "" ? row.own_name : ((row.product_id == null ? undefined : titles.get(row.product_id)) ?? row.sku);

/**
 * The titles of the SKUs' products: the row waiting to be inserted in the same flush, else the table's.
 * (Should the table already hold a waiting product's id, that row stays and its title is the right one:
 * the names' refresh at the end of the batch, which writes only what differs, puts it right.)
 */
async function titlesOf(
  db: Db,
  skus: { row: Insertable<SkusTable> }[],
  waiting: Map<number, Insertable<ProductsTable>>,
): Promise<Map<number, string>> {
  const titles = new Map<number, string>();
  const stored = new Set<number>();
  for (const { row } of skus) {
    if (row.product_id == null) continue;
    const title = waiting.get(row.product_id)?.title;
    if (title === undefined) stored.add(row.product_id);
    else titles.set(row.product_id, title);
  }
  for (const ids of chunks([...stored])) {
    const rows = await db.selectFrom("products").select(["id", "title"]).where("id", "in", ids).execute();
    for (const { id, title } of rows) titles.set(id, title);
  }
  return titles;
}

/**
 * Moves catalog_version by `count` and, in the same statement, finds the tables to analyze and, far
 * behind (`behind` set), what `Far` needs: one round trip per batch.
 * ANALYZEs `product_id` of skus and product_search_terms once a table holds twice the rows its
 * statistics counted. A catch-up grows them from nothing much faster than autovacuum (when it runs
 * at all: it is off on the bench machine) analyzes them, and without statistics the planner guesses
 * that each id of `product_id IN (...)` matches 0.5 % of the rows: it then reads both tables whole
 * for every batch, a catch-up quadratic in the catalog's size. One column is quick to analyze (the
 * products table's ids are its primary key, which the planner needs no statistics for).
 * ANALYZE runs in the batch's transaction and would wait there for a VACUUM (manual, or autovacuum's)
 * of the same table, which holds the same lock: the batch takes the lock with NOWAIT instead and,
 * when it is taken, leaves the table for a later batch to analyze.
 */
async function moveVersionAndAnalyze(db: Db, count: number, behind: number | undefined): Promise<Far | null> {
  const { rows } = await sql<{
    name: string;
    grown: boolean;
    words: number;
    ranked: boolean;
    schema: string;
  }>`WITH version AS (INSERT INTO catalog_version (id, version)
      VALUES (1, ${count}) ON CONFLICT (id) DO UPDATE SET version = catalog_version.version + ${count})
    SELECT c.relname AS name, pg_stat_get_live_tuples(c.oid) > 1000 + 2 * greatest(c.reltuples, 0) AS grown,
      greatest(c.reltuples, pg_stat_get_live_tuples(c.oid))::float8 AS words, ${rankIndexIn} IS NOT NULL AS ranked,
      current_schema() AS schema
    FROM pg_class c WHERE c.oid IN ('skus'::regclass, 'product_search_terms'::regclass)`.execute(db);
  // The words counted before this batch's ANALYZE, as the statistics stood.
  const terms = rows.find((r) => r.name === "product_search_terms");
  for (const { name } of rows.filter((r) => r.grown)) {
    await sql`SAVEPOINT catalog_analyze`.execute(db);
    try {
      await sql`LOCK TABLE ${sql.id(name)} IN SHARE UPDATE EXCLUSIVE MODE NOWAIT`.execute(db);
      await sql`ANALYZE ${sql.id(name)} (product_id)`.execute(db);
      await sql`RELEASE SAVEPOINT catalog_analyze`.execute(db);
    } catch (error) {
      if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw error;
      await sql`ROLLBACK TO SAVEPOINT catalog_analyze`.execute(db);
    }
  }
  if (behind === undefined || !terms) return null;
  return { putOff: Number(terms.words) <= behind, ranked: terms.ranked, schema: terms.schema };
}

const LOCK_NOT_AVAILABLE = "55P03";
