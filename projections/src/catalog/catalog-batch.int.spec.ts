// The catalog's batched projector against its one-by-one `apply` (test-only dependency on services/).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import {
  ProductCreated,
  ProductUpdated,
  SkuAdded,
  SkuCreated,
  SkuPriceChanged,
  SkuStockChanged,
  SkuUpdated,
  START,
  type RecordedEvent,
  readAllCommitted,
  type EventDefinition,
} from "@shop/shared";
import { demoCatalog } from "@shop/services/catalog/catalog-demo-data";
import { generateCatalog } from "@shop/services/catalog/catalog-generator";
import { importCatalog, parseCatalogFile } from "@shop/services/catalog/catalog-import";
import { createEventRegistry } from "@shop/services/event-registry";
import { createPostgresEventStore } from "@shop/services/eventstore/postgres-event-store";
import { migrateIdCounters } from "@shop/services/platform/id-allocator";
import { testBackends } from "@shop/services/testing/backends";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { applyEvents } from "../runner/apply.ts";
import type { Database } from "../database.ts";
import { catalogProjection } from "./catalog-projection.ts";
import { recordedEvent } from "../runner/batch-equivalence.ts";
import { catalogRows } from "./catalog-snapshot.ts";

const at = "2026-11-23T10:00:00.000Z";
const recorded = (definition: EventDefinition, data: object) =>
  recordedEvent(definition, data, { id: "catalog-batch-test", createdAt: new Date(at) });

/**
 * After the import: changes that interleave with inserts and hit what the summaries read (a SKU
 * moving between products, its own name, price, stock, activity, a title change), a product created
 * twice, a SKU created before its product, and a lookups SKU without a name.
 */
function changes(productIds: number[], skuIds: number[]): RecordedEvent[] {
  const [p1, p2, p3] = productIds;
  const [s1, s2, s3, s4] = skuIds;
  return [
    recorded(SkuCreated, { id: 900_001, code: "10-1-99901", productId: 900_000, priceCents: 500, createdAt: at }),
    recorded(SkuUpdated, { id: s1, changes: { productId: p2 }, updatedAt: at }),
    recorded(ProductCreated, { id: 900_000, title: "Late Product", slug: "late", author: "A. Writer", createdAt: at }),
    recorded(ProductCreated, { id: 900_000, title: "Late Product again", slug: "late-2", createdAt: at }),
    recorded(SkuPriceChanged, { id: s2, priceCents: 1, originalPriceCents: 2, priceTiers: [], changedAt: at }),
    recorded(ProductUpdated, { id: p2, changes: { title: "Renamed Product", series: "Series X" }, updatedAt: at }),
    recorded(SkuStockChanged, { id: s3, stock: 0, backorder: true, restockDate: "2027-01-15", changedAt: at }),
    recorded(SkuUpdated, { id: s4, changes: { active: false, name: "Own Name" }, updatedAt: at }),
    recorded(SkuAdded, { id: 900_002, sku: "30-1-99902", name: "", priceCents: 1999, active: true }),
    recorded(SkuUpdated, { id: s2, changes: { name: "" }, updatedAt: at }),
    recorded(SkuUpdated, { id: 900_001, changes: { productId: p3 }, updatedAt: at }),
    recorded(ProductUpdated, { id: p1, changes: { subtitle: "A subtitle" }, updatedAt: at }),
    recorded(SkuCreated, {
      id: 900_003,
      code: "90-3-99903",
      productId: p1,
      digital: true,
      priceCents: 0,
      createdAt: at,
    }),
    recorded(SkuStockChanged, { id: 900_003, stock: null, backorder: false, restockDate: null, changedAt: at }),
    recorded(SkuUpdated, { id: 999_999, changes: { active: false }, updatedAt: at }),
    // Updates folded per row: an update before the row's insert, a SKU moved twice, repeated changes.
    recorded(SkuStockChanged, { id: 900_004, stock: 3, backorder: false, restockDate: null, changedAt: at }),
    recorded(SkuCreated, { id: 900_004, code: "10-1-99904", productId: p3, priceCents: 700, createdAt: at }),
    recorded(SkuStockChanged, { id: 900_004, stock: 5, backorder: false, restockDate: null, changedAt: at }),
    recorded(ProductUpdated, { id: 900_005, changes: { title: "Before Its Creation" }, updatedAt: at }),
    recorded(ProductCreated, { id: 900_005, title: "Created After", slug: "after", createdAt: at }),
    recorded(ProductUpdated, { id: 900_005, changes: { subtitle: "Then changed" }, updatedAt: at }),
    recorded(SkuUpdated, { id: s3, changes: { productId: p1 }, updatedAt: at }),
    recorded(SkuPriceChanged, { id: s3, priceCents: 3, originalPriceCents: null, priceTiers: [], changedAt: at }),
    recorded(SkuUpdated, { id: s3, changes: { productId: p2, name: "Moved Twice" }, updatedAt: at }),
    recorded(SkuStockChanged, { id: s2, stock: 1, backorder: false, restockDate: null, changedAt: at }),
    recorded(SkuStockChanged, { id: s2, stock: 0, backorder: true, restockDate: "2027-02-01", changedAt: at }),
    recorded(ProductUpdated, { id: p3, changes: { title: "Third Renamed", author: "B. Writer" }, updatedAt: at }),
    recorded(SkuUpdated, { id: s4, changes: { productId: null }, updatedAt: at }),
    // Created again (the table keeps the first row), then changed: the change lands on the table's row.
    recorded(SkuCreated, { id: s1, code: "10-1-99905", productId: p3, priceCents: 800, createdAt: at }),
    recorded(SkuStockChanged, { id: s1, stock: 9, backorder: false, restockDate: null, changedAt: at }),
    recorded(SkuUpdated, { id: s1, changes: { productId: p1, name: "Again" }, updatedAt: at }),
    recorded(ProductCreated, { id: p1, title: "Created Again", slug: "again", createdAt: at }),
    recorded(ProductUpdated, { id: p1, changes: { title: "Changed Again", series: "S" }, updatedAt: at }),
  ];
}

describe.each(testBackends())("catalog batched projection on $name", ({ pglite }) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: Kysely<Database>;

  beforeAll(async () => {
    database = await openTestDatabase({ pglite });
    db = database.db;
  }, 120_000);
  afterAll(() => database?.drop());

  async function reset() {
    await sql`DROP TABLE IF EXISTS products, skus, catalog_version, product_search_terms`.execute(db);
    await catalogProjection.migrate(db);
  }

  const snapshot = () => catalogRows(db);

  /** The log's catalog events: `file` imported through the commands into a log of its own. */
  async function importedEvents(file: unknown): Promise<RecordedEvent[]> {
    const log = await openTestDatabase({ pglite });
    try {
      await migrateIdCounters(log.db);
      await catalogProjection.migrate(log.db);
      const store = await createPostgresEventStore(log, createEventRegistry());
      await importCatalog({ store, db: log.db, clock: () => new Date(at) }, parseCatalogFile(file), {
        by: null,
        metadata: { correlationId: "catalog-batch-test" },
      });
      const events = await readAllCommitted(store, START, { limit: 1_000_000 });
      return events.filter((e) => catalogProjection.handles.includes(e.type));
    } finally {
      await log.drop();
    }
  }

  async function oneByOne(events: RecordedEvent[]) {
    await reset();
    await db.transaction().execute(async (trx) => {
      for (const event of events) await catalogProjection.apply(trx, event);
    });
    return snapshot();
  }

  async function batched(events: RecordedEvent[], size: number) {
    await reset();
    for (let i = 0; i < events.length; i += size)
      await db.transaction().execute((trx) => catalogProjection.applyBatch!(trx, events.slice(i, i + size)));
    return snapshot();
  }

  async function expectSameTables(events: RecordedEvent[]) {
    const expected = await oneByOne(events);
    expect((expected.products as Array<{ listed: boolean }>).filter((p) => p.listed).length).toBeGreaterThan(10);
    // The runner's batch size, a batch of 7 (boundaries fall everywhere), and the whole log at once.
    for (const size of [500, 7, events.length]) expect(await batched(events, size)).toEqual(expected);
  }

  it("the demo catalog and its later changes give the same tables row for row, batched or one by one", {
    timeout: 120_000,
  }, async () => {
    const events = await importedEvents(demoCatalog("2026-11-23"));
    await expectSameTables([...events, ...changes([1, 2, 3], [101, 102, 103, 104])]);
  });

  it("200 generated products and their later changes give the same tables row for row, batched or one by one", {
    timeout: 180_000,
  }, async () => {
    const file = generateCatalog({ products: 200, seed: 3, today: "2026-11-23" });
    const events = await importedEvents(file);
    const products = events.filter((e) => e.type === "ProductCreated").map((e) => (e.data as { id: number }).id);
    const skus = events.filter((e) => e.type === "SkuCreated").map((e) => (e.data as { id: number }).id);
    expect(products).toHaveLength(200);
    await expectSameTables([...events, ...changes(products, skus)]);
  });

  it("a VACUUM of a grown table does not hold up the batch: the table is analyzed by a later batch", {
    timeout: 60_000,
  }, async () => {
    if (pglite) return; // one connection: nothing else can hold the table
    await reset();
    const added = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) =>
        recorded(SkuAdded, {
          id: 910_000 + from + i,
          sku: `30-1-${91_000 + from + i}`,
          name: "",
          priceCents: 1,
          active: true,
        }),
      );
    const apply = (events: RecordedEvent[]) =>
      db.transaction().execute((trx) => catalogProjection.applyBatch!(trx, events));
    const analyzed = async () =>
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stats
        WHERE schemaname = current_schema() AND tablename = 'skus' AND attname = 'product_id'`.execute(db)
      ).rows[0].n;
    await apply(added(1500, 0));
    // The statistics system sees the rows within a second or so of the commit.
    for (let i = 0; i < 100; i++) {
      const { rows } = await sql<{ n: number }>`SELECT pg_stat_get_live_tuples('skus'::regclass)::int AS n`.execute(db);
      if (rows[0].n >= 1500) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await db.connection().execute(async (vacuum) => {
      await sql`BEGIN`.execute(vacuum);
      await sql`LOCK TABLE skus IN SHARE UPDATE EXCLUSIVE MODE`.execute(vacuum); // VACUUM's lock
      try {
        const late = new Promise((resolve) => setTimeout(resolve, 10_000, "held up"));
        expect(await Promise.race([apply(added(10, 1500)).then(() => "applied"), late])).toBe("applied");
      } finally {
        await sql`ROLLBACK`.execute(vacuum);
      }
    });
    expect(await analyzed()).toBe(0);
    await apply(added(10, 1510));
    expect(await analyzed()).toBe(1);
  });

  it("a batch that fails is applied one by one instead, so the failure names its event", async () => {
    await reset();
    const clash = recorded(SkuCreated, {
      id: 900_011,
      code: "10-1-99910",
      productId: null,
      priceCents: 1,
      createdAt: at,
    });
    const events = [
      recorded(SkuCreated, { id: 900_010, code: "10-1-99910", productId: null, priceCents: 1, createdAt: at }),
      clash,
    ];
    const error = await db
      .transaction()
      .execute((trx) => applyEvents(trx, catalogProjection, events))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "PROJECTOR_FAILED", event: clash });
  });
});
