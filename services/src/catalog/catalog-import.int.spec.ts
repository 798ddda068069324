import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  applyBatch,
  catalogProjection,
  migrateCheckpoints,
  migrateProjection,
  readCheckpoint,
} from "@shop/projections";
import { SKU_CATEGORY_TABLE, START, type EventStore, readAllCommitted } from "@shop/shared";
import { createEventRegistry } from "../event-registry.ts";
import { createPostgresEventStore } from "../eventstore/postgres-event-store.ts";
import { migrateIdCounters } from "../platform/id-allocator.ts";
import { testBackends } from "../testing/backends.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { isFreeDownload, subscriptionYears } from "@shop/shared/category-pages/free-downloads";
import { demoCatalog } from "./catalog-demo-data.ts";
import { generateCatalog } from "./catalog-generator.ts";
import { ImportFileError, importCatalog, parseCatalogFile } from "./catalog-import.ts";

const actor = { by: null, metadata: { correlationId: "import-test" } };

describe.each(testBackends())("import-catalog on $name", ({ pglite }) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let store: EventStore;
  const deps = () => ({ store, db: database.db, clock: () => new Date("2026-11-23T12:00:00Z") });
  const logLength = async () => (await readAllCommitted(store, START, { limit: 1_000_000 })).length;
  const project = async () => {
    const from = (await readCheckpoint(database.db, "catalog"))?.position ?? START;
    const events = await readAllCommitted(store, from, { limit: 1_000_000 });
    if (events.length) await applyBatch(database.db, catalogProjection, events);
  };

  beforeAll(async () => {
    database = await openTestDatabase({ pglite });
    store = await createPostgresEventStore(database, createEventRegistry());
    await migrateIdCounters(database.db);
    await migrateCheckpoints(database.db);
    await migrateProjection(database.db, catalogProjection);
  }, 120_000);
  afterAll(() => database?.drop());

  it("the demo catalog imports with the file's ids, and covers every category, pack, option and donation case", async () => {
    const report = await importCatalog(deps(), parseCatalogFile(demoCatalog("2026-11-23")), actor);
    expect(report.products).toEqual({ created: 41, changed: 0, unchanged: 0 });
    await project();
    const db = database.db;
    const skus = await db.selectFrom("skus").selectAll().execute();
    expect(new Set(skus.map((s) => s.category))).toEqual(new Set(SKU_CATEGORY_TABLE.map((c) => c.category)));
    expect(skus.find((s) => s.sku === "10-1-201")).toMatchObject({ id: 101, product_id: 1, price_cents: 1499 });
    const donations = skus.filter((s) => s.category === "donation");
    expect(donations.map((s) => s.sku).sort()).toEqual([
      "Ark",
      "Beam",
      "CreationMuseum",
      "GeneralDonation",
      "Peg",
      "Plank",
      "Worldwide",
    ]);
    expect(donations.every((s) => s.user_defined_price && s.campaign === "ark-main")).toBe(true);
    const pack = await db.selectFrom("products").selectAll().where("id", "=", 38).executeTakeFirstOrThrow();
    expect(pack.includes).toHaveLength(6);
    expect(skus.some((s) => s.stock === 0 && s.backorder && s.restock_date! > "2026-11-23")).toBe(true);
    expect(skus.some((s) => s.stock === 0 && !s.backorder)).toBe(true);
    expect(skus.some((s) => !s.allow_returns)).toBe(true);
    expect(skus.some((s) => s.digital)).toBe(true);
    expect(skus.some((s) => s.price_tiers.length > 1)).toBe(true);
    expect(skus.filter((s) => s.product_id === 20).map((s) => s.attributes)).toContainEqual({
      size: "m",
      colour: "navy",
    });
    // The magazine page's terms and free videos, and the alphabet-order supplies (storefront §2, §4).
    const magazine = skus.filter((s) => s.category === "magazine-sub");
    const years = magazine.map((s) => subscriptionYears({ code: s.sku, format: s.format }));
    expect(years.filter(Boolean).sort()).toEqual([1, 2, 3]);
    const free = magazine
      .filter((s) => isFreeDownload({ code: s.sku, format: s.format }))
      .sort((a, b) => a.sku.localeCompare(b.sku));
    expect(free.map((s) => [s.price_cents, s.stock])).toEqual([...Array(5).fill([0, null]), [0, 0]]);
    expect(skus.filter((s) => s.category === "abc")).toHaveLength(12);
  });

  it("importing the same file again appends no events", async () => {
    const before = await logLength();
    const report = await importCatalog(deps(), parseCatalogFile(demoCatalog("2026-11-23")), actor);
    expect(report).toMatchObject({ events: 0, products: { created: 0, changed: 0, unchanged: 41 } });
    expect(await logLength()).toBe(before);
  });

  it("a re-import appends events only for what differs", async () => {
    const file = demoCatalog("2026-11-23");
    file.products![0].skus![0].price_cents = 1399;
    file.products![1].subtitle = "Now with more questions";
    const before = await logLength();
    const report = await importCatalog(deps(), parseCatalogFile(file), actor);
    const added = (await readAllCommitted(store, START, { limit: 1_000_000 }))
      .slice(before)
      .map((e) => `${e.streamId} ${e.type}`);
    expect(added.sort()).toEqual(["product-2 ProductUpdated", "sku-101 SkuPriceChanged"]);
    expect(report).toMatchObject({ events: 2, products: { changed: 1 }, skus: { changed: 1 } });
  });

  it("the back office's next product and SKU ids come after the imported ones", async () => {
    const { createProduct } = await import("./catalog-commands.ts");
    const { ProductFields } = await import("@shop/shared");
    const created = await createProduct(deps(), null, ProductFields.parse({ title: "New", slug: "new" }), actor);
    expect(created.id).toBeGreaterThan(41);
  });

  it("a file that does not match the format is refused with the path of each problem", () => {
    expect(() => parseCatalogFile({ products: [{ skus: [{ sku: "10-1-1" }] }] })).toThrow(ImportFileError);
    try {
      parseCatalogFile({ products: [{ skus: [{ sku: "10-1-1" }] }] });
    } catch (error) {
      expect((error as ImportFileError).lines).toEqual([
        "products.0.title: This field is required.",
        "products.0.skus.0.price_cents: This field is required.",
      ]);
    }
  });

  it("a generated catalog imports: every category, tiers, sold-out and backordered SKUs", async () => {
    const file = generateCatalog({
      products: 60,
      seed: 7,
      firstProductId: 1000,
      firstSkuId: 10_000,
      today: "2026-11-23",
    });
    const report = await importCatalog(deps(), parseCatalogFile(file), actor);
    expect(report.products.created).toBe(60);
    await project();
    const skus = await database.db.selectFrom("skus").selectAll().where("id", ">=", 10_000).execute();
    expect(new Set(skus.map((s) => s.category)).size).toBeGreaterThanOrEqual(SKU_CATEGORY_TABLE.length - 1);
    expect(skus.some((s) => s.stock === 0 && !s.backorder)).toBe(true);
    expect(skus.some((s) => s.stock === 0 && s.backorder)).toBe(true);
    expect(skus.some((s) => s.price_tiers.length > 0)).toBe(true);
  });

  it("a generated catalog imported again appends no events: the bulk-written records are what the deciders decide", async () => {
    const file = parseCatalogFile(
      generateCatalog({ products: 30, seed: 9, firstProductId: 3000, firstSkuId: 30_000, today: "2026-11-23" }),
    );
    const first = await importCatalog(deps(), file, actor);
    expect(first.products).toEqual({ created: 30, changed: 0, unchanged: 0 });
    const before = await logLength();
    const again = await importCatalog(deps(), file, actor);
    expect(again).toMatchObject({ events: 0, products: { created: 0, changed: 0, unchanged: 30 } });
    expect(again.skus.unchanged).toBe(first.skus.created);
    expect(await logLength()).toBe(before);
  });

  it("an import cut short is finished by the next one, which writes only the missing records", async () => {
    const whole = parseCatalogFile(
      generateCatalog({ products: 12, seed: 4, firstProductId: 5000, firstSkuId: 50_000, today: "2026-11-23" }),
    );
    const cut = { ...whole, products: whole.products.slice(0, 5) };
    await importCatalog(deps(), cut, actor);
    const before = await logLength();
    const report = await importCatalog(deps(), whole, actor);
    expect(report.products).toEqual({ created: 7, changed: 0, unchanged: 5 });
    const added = (await readAllCommitted(store, START, { limit: 1_000_000 })).slice(before);
    const streams = added.map((e) => e.streamId);
    expect(streams.filter((s) => s.startsWith("product-")).sort()).toEqual(
      whole.products
        .slice(5)
        .map((p) => `product-${p.id}`)
        .sort(),
    );
    expect(added.every((e) => e.streamPosition === 0)).toBe(true);
  });
});
