// The catalog read model on a real database (test-only dependency on services/).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import {
  ProductCreated,
  ProductUpdated,
  SkuAdded,
  SkuCreated,
  SkuPriceChanged,
  SkuStockChanged,
  SkuUpdated,
  type RecordedEvent,
  type EventDefinition,
} from "@shop/shared";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { testBackends } from "@shop/services/testing/backends";
import { applyEvents } from "../runner/apply.ts";
import type { Database } from "../database.ts";
import { catalogProjection } from "./catalog-projection.ts";
import { plainWords } from "./product-search-plan.ts";
import { loadSkusForCart } from "./sku-for-cart-query.ts";
import { recordedEvent } from "../runner/batch-equivalence.ts";

const at = "2026-11-23T10:00:00.000Z";
const recorded = (definition: EventDefinition, data: object) =>
  recordedEvent(definition, data, { id: "catalog-test", createdAt: new Date(at) });

const book = {
  id: 1,
  title: "The New Answers Book 1",
  slug: "new-answers-1",
  author: "Ken Ham",
  series: "New Answers",
  createdAt: at,
};
const paperback = {
  id: 100,
  code: "10-1-100",
  productId: 1,
  format: "Paperback",
  isbn: "9780890515099",
  upc: "713438100017",
  priceCents: 1299,
  originalPriceCents: 1499,
  priceTiers: [{ minQuantity: 10, priceCents: 999 }],
  stock: 10,
  createdAt: at,
};
const ebook = {
  id: 101,
  code: "90-3-100",
  productId: 1,
  format: "eBook",
  digital: true,
  priceCents: 799,
  createdAt: at,
};

describe.each(testBackends())("catalog read model on $name", ({ pglite }) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: Kysely<Database>;
  const apply = (...events: RecordedEvent[]) =>
    db.transaction().execute((trx) => applyEvents(trx, catalogProjection, events));
  const product = (id: number) => db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const sku = (code: string) => db.selectFrom("skus").selectAll().where("sku", "=", code).executeTakeFirstOrThrow();

  beforeAll(async () => {
    database = await openTestDatabase({ pglite });
    db = database.db;
  });
  afterAll(() => database?.drop());
  beforeEach(async () => {
    await sql`DROP TABLE IF EXISTS products, skus, product_search_terms`.execute(db);
    await catalogProjection.migrate(db);
  });

  it("a SKU the lookups added before the catalog is a catalog SKU, its category from the code's prefix", async () => {
    await apply(recorded(SkuAdded, { id: 2, sku: "30-1-205", name: "Noah's Ark DVD", priceCents: 1999, active: true }));
    expect(await sku("30-1-205")).toMatchObject({
      id: 2,
      name: "Noah's Ark DVD",
      price_cents: 1999,
      active: true,
      category: "videos",
      stock: null,
    });
  });

  it("the lookup catalog's old five-column skus table is replaced by the catalog's on migration", async () => {
    await sql`DROP TABLE skus`.execute(db);
    await sql`CREATE TABLE skus (id integer PRIMARY KEY, sku text NOT NULL UNIQUE, name text NOT NULL, price_cents integer NOT NULL, active boolean NOT NULL, category text NOT NULL)`.execute(
      db,
    );
    await catalogProjection.migrate(db);
    await apply(recorded(SkuCreated, paperback));
    expect((await sku("10-1-100")).product_id).toBe(1);
  });

  it("migrating a new schema with the live one searched after it leaves the live skus table alone", async () => {
    await apply(recorded(SkuCreated, paperback));
    const [{ live }] = (await sql<{ live: string }>`SELECT current_schema() AS live`.execute(db)).rows;
    const fresh = `${live}_fresh`.slice(0, 60);
    await sql`CREATE SCHEMA ${sql.id(fresh)}`.execute(db);
    try {
      await db.transaction().execute(async (trx) => {
        await sql`SELECT set_config('search_path', ${`"${fresh}", "${live}"`}, true)`.execute(trx);
        await catalogProjection.migrate(trx);
      });
      expect((await sku("10-1-100")).product_id).toBe(1);
    } finally {
      await sql`DROP SCHEMA ${sql.id(fresh)} CASCADE`.execute(db);
    }
  });

  it("a SKU's name is its product's title until it has its own, and follows a title change", async () => {
    await apply(recorded(SkuCreated, paperback), recorded(ProductCreated, book));
    expect((await sku("10-1-100")).name).toBe("The New Answers Book 1");
    await apply(recorded(ProductUpdated, { id: 1, changes: { title: "New Answers 1" }, updatedAt: at }));
    expect((await sku("10-1-100")).name).toBe("New Answers 1");
    await apply(recorded(SkuUpdated, { id: 100, changes: { name: "NAB1 paperback" }, updatedAt: at }));
    expect((await sku("10-1-100")).name).toBe("NAB1 paperback");
  });

  it("a product shows its SKUs' categories, formats, price range and best availability", async () => {
    await apply(recorded(ProductCreated, book), recorded(SkuCreated, paperback), recorded(SkuCreated, ebook));
    expect(await product(1)).toMatchObject({
      categories: ["books", "ebooks"],
      formats: ["Paperback", "eBook"],
      min_price_cents: 799,
      max_price_cents: 1299,
      availability: "in_stock",
      listed: true,
    });
  });

  it("price and stock changes show in the SKU and its product at once", async () => {
    await apply(recorded(ProductCreated, book), recorded(SkuCreated, paperback));
    await apply(
      recorded(SkuPriceChanged, { id: 100, priceCents: 1099, originalPriceCents: null, priceTiers: [], changedAt: at }),
      recorded(SkuStockChanged, { id: 100, stock: 0, backorder: true, restockDate: "2027-01-15", changedAt: at }),
    );
    expect(await sku("10-1-100")).toMatchObject({
      price_cents: 1099,
      original_price_cents: null,
      stock: 0,
      backorder: true,
      restock_date: "2027-01-15",
      version: 2,
    });
    expect(await product(1)).toMatchObject({ min_price_cents: 1099, availability: "backorder" });
    await apply(recorded(SkuStockChanged, { id: 100, stock: 0, backorder: false, restockDate: null, changedAt: at }));
    expect((await product(1)).availability).toBe("sold_out");
  });

  it("an inactive SKU leaves its product's card; a product with no active SKU is not listed", async () => {
    await apply(recorded(ProductCreated, book), recorded(SkuCreated, paperback));
    await apply(recorded(SkuUpdated, { id: 100, changes: { active: false }, updatedAt: at }));
    expect(await product(1)).toMatchObject({ listed: false, min_price_cents: null, categories: [] });
  });

  it("full-text search finds a product by a title word, author, series, code, ISBN and UPC", async () => {
    await apply(recorded(ProductCreated, book), recorded(SkuCreated, paperback));
    await apply(
      recorded(ProductCreated, {
        ...book,
        id: 2,
        title: "Dinosaurs for Kids",
        slug: "dinos",
        author: "Ken Ham",
        series: "",
      }),
    );
    const find = async (q: string) =>
      (
        await sql<{ id: number }>`SELECT id FROM products WHERE search @@ websearch_to_tsquery('english', ${q})
          OR search @@ websearch_to_tsquery('simple', ${q}) ORDER BY id`.execute(db)
      ).rows.map((r) => r.id);
    expect(await find("answers books")).toEqual([1]);
    expect(await find("ham")).toEqual([1, 2]);
    expect(await find("new answers")).toEqual([1]);
    expect(await find("9780890515099")).toEqual([1]);
    expect(await find("713438100017")).toEqual([1]);
    expect(await find("101100")).toEqual([1]);
  });

  it("the search words leave out those that begin with a digit, which no plain-word search reads", async () => {
    await apply(recorded(ProductCreated, book), recorded(SkuCreated, paperback), recorded(SkuCreated, ebook));
    const terms = (
      await sql<{ term: string }>`SELECT term FROM product_search_terms WHERE product_id = 1 ORDER BY term`.execute(db)
    ).rows.map((r) => r.term);
    expect(terms).toEqual(expect.arrayContaining(["answer", "answers", "book", "ham", "ken", "new"]));
    expect(terms.filter((t) => /^-?\d/.test(t))).toEqual([]);
    // The codes are still found, through the document (`products.search`) and its GIN index.
    expect((await product(1)).search).toMatch(/'9780890515099'/);
    // A search with a digit never reads product_search_terms: it is not plain words.
    for (const q of ["9780890515099", "10-1-100", "book 1", "answers 2nd", "1"]) expect(plainWords(q)).toBeNull();
  });

  it("loadSkusForCart answers the SKUs by code with price, tiers, stock and the product's page; unknown codes are absent", async () => {
    await apply(
      recorded(ProductCreated, { ...book, images: [{ url: "/media/nab1.jpg" }] }),
      recorded(SkuCreated, paperback),
      recorded(SkuCreated, {
        id: 9,
        code: "GeneralDonation",
        name: "General Donation",
        userDefinedPrice: true,
        campaign: "ark-main",
        priceCents: 0,
        createdAt: at,
      }),
    );
    const found = await loadSkusForCart(db, ["10-1-100", "GeneralDonation", "99-9-999"]);
    expect([...found.keys()].sort()).toEqual(["10-1-100", "GeneralDonation"]);
    expect(found.get("10-1-100")).toEqual({
      id: 100,
      code: "10-1-100",
      productId: 1,
      title: "The New Answers Book 1",
      format: "Paperback",
      priceCents: 1299,
      originalPriceCents: 1499,
      priceTiers: [{ minQuantity: 10, priceCents: 999 }],
      stock: 10,
      backorder: false,
      restockDate: null,
      allowReturns: true,
      active: true,
      digital: false,
      userDefinedPrice: false,
      campaign: null,
      url: "/store/products/1/",
      imageUrl: "/media/nab1.jpg",
    });
    expect(found.get("GeneralDonation")).toMatchObject({
      title: "General Donation",
      userDefinedPrice: true,
      campaign: "ark-main",
      productId: null,
      url: "/store/sku/GeneralDonation",
      imageUrl: null,
    });
  });
});
