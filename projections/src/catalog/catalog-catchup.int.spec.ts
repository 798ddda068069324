// A catch-up far behind the log (the runner's `behind`) puts the catalog's rank index off to its end
// (catalog-tables.ts, `dropRankIndex`): search keeps answering meanwhile, and the end leaves the rows and
// indexes the normal path leaves.
import { PostgresQueryCompiler, sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { START, readAllCommitted, type RecordedEvent } from "@shop/shared";
import { generateCatalog } from "@shop/services/catalog/catalog-generator";
import { importCatalog, parseCatalogFile } from "@shop/services/catalog/catalog-import";
import { createEventRegistry } from "@shop/services/event-registry";
import { createPostgresEventStore } from "@shop/services/eventstore/postgres-event-store";
import { migrateIdCounters } from "@shop/services/platform/id-allocator";
import { testBackends } from "@shop/services/testing/backends";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { applyEvents } from "../runner/apply.ts";
import type { Projection } from "../runner/projection.ts";
import { ProjectionRunner } from "../runner/projection-runner.ts";
import { migrateCheckpoints, readCheckpoint } from "../runner/checkpoints.ts";
import type { Database } from "../database.ts";
import { catalogProjection } from "./catalog-projection.ts";
import { productsPage } from "./product-search.ts";
import { prepareSearch } from "./product-search-plan.ts";
import { RANK_INDEX } from "./catalog-tables.ts";
import { makeSearchPlanCache } from "@shop/services/catalog/search-plan-cache";
import { catalogRowsAndIndexes } from "./catalog-snapshot.ts";

describe.each(testBackends())("catalog catch-up far behind on $name", ({ pglite }) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: Kysely<Database>;
  let events: RecordedEvent[];
  let store: Awaited<ReturnType<typeof createPostgresEventStore>>;

  beforeAll(async () => {
    database = await openTestDatabase({ pglite, poolSize: 4 });
    db = database.db;
    await migrateCheckpoints(db);
    await migrateIdCounters(db);
    await catalogProjection.migrate(db);
    store = await createPostgresEventStore(database, createEventRegistry());
    await importCatalog(
      { store, db, clock: () => new Date("2026-11-29T10:00:00.000Z") },
      parseCatalogFile(generateCatalog({ products: 120, seed: 7, today: "2026-11-29" })),
      { by: null, metadata: { correlationId: "catalog-catchup-test" } },
    );
    events = await readAllCommitted(store, START, { limit: 1_000_000 });
  }, 120_000);
  afterAll(() => database?.drop());

  async function emptyCatalog() {
    for (const table of [...catalogProjection.tables].reverse())
      await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
    await catalogProjection.migrate(db);
  }

  const snapshot = () => catalogRowsAndIndexes(db);

  const rankIndexExists = async () => {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_indexes
      WHERE schemaname = current_schema() AND indexname = ${RANK_INDEX}`.execute(db);
    return rows[0].n === 1;
  };

  /** The storefront's search: its plan, then the page (products-page.ts), every match by relevance. */
  const search = async (q: string) => {
    const plan = await prepareSearch(db, q);
    const page = await productsPage(db, { q, start: 0, count: 1000 }, plan);
    return page.map((p) => p.id);
  };

  it("puts the rank index off while far behind, searches meanwhile, and ends with the normal path's rows and indexes", {
    timeout: 180_000,
  }, async () => {
    const BATCH = 200;
    await emptyCatalog();
    for (let i = 0; i < events.length; i += BATCH)
      await db.transaction().execute((trx) => applyEvents(trx, catalogProjection, events.slice(i, i + BATCH)));
    await catalogProjection.finishCatchUp!(db); // nothing put off: nothing to do
    const normal = await snapshot();
    expect(normal.tables.product_search_terms.length).toBeGreaterThan(500);
    expect(normal.indexes.map((i) => i.indexname)).toContain(RANK_INDEX);
    const title = (normal.tables.products as { title: string; listed: boolean }[]).find((p) => p.listed)!.title;
    const word = title.split(/\s+/).find((w) => /^[A-Za-z]{5,}$/.test(w))!;
    const normalAnswer = await search(word);
    expect(normalAnswer.length).toBeGreaterThan(0);

    await emptyCatalog();
    const half = Math.floor(events.length / BATCH / 2) * BATCH;
    for (let i = 0; i < half; i += BATCH)
      await db
        .transaction()
        .execute((trx) =>
          applyEvents(trx, catalogProjection, events.slice(i, i + BATCH), { behind: events.length - i - BATCH }),
        );
    // Half way: the rank index is off, the search words are there, and a search answers from the rows so far.
    expect(await rankIndexExists()).toBe(false);
    const { rows: halfWords } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM product_search_terms`.execute(
      db,
    );
    expect(halfWords[0].n).toBeGreaterThan(0);
    const { rows: matching } = await sql<{ id: number }>`SELECT id FROM products
      WHERE listed AND search @@ (websearch_to_tsquery('english', ${word}) || websearch_to_tsquery('simple', ${word}))
      ORDER BY id`.execute(db);
    expect(matching.length).toBeGreaterThan(0);
    expect((await search(word)).sort((a, b) => a - b)).toEqual(matching.map((r) => r.id));

    for (let i = half; i < events.length; i += BATCH) {
      const behind = events.length - i - BATCH;
      await db
        .transaction()
        .execute((trx) =>
          applyEvents(trx, catalogProjection, events.slice(i, i + BATCH), behind > 0 ? { behind } : {}),
        );
    }
    expect(await rankIndexExists()).toBe(false);
    await catalogProjection.finishCatchUp!(db);
    expect(await snapshot()).toEqual(normal);
    expect(await search(word)).toEqual(normalAnswer);
  });

  it("a far batch inserts its search words as they come, another in the rank index's order; far costs one look-up", async () => {
    const sent: string[] = [];
    const compiler = new PostgresQueryCompiler();
    const logging = db.withPlugin({
      transformQuery: ({ node, queryId }) => {
        sent.push(compiler.compileQuery(node, queryId).sql);
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const words = (statements: string[]) => statements.filter((s) => /INSERT INTO\s+product_search_terms/.test(s));
    const batch = events.slice(0, 200);
    expect(batch.some((e) => e.type === "ProductCreated")).toBe(true);
    await emptyCatalog();
    sent.length = 0;
    await logging.transaction().execute((trx) => applyEvents(trx, catalogProjection, batch, { behind: events.length }));
    expect(await rankIndexExists()).toBe(false);
    const first = sent.splice(0);
    expect(words(first).length).toBeGreaterThan(0);
    for (const s of words(first)) expect(s).not.toMatch(/ORDER BY/);
    // What a far batch needs to know (words stored, the index there) comes with the version's move: one look at pg_class.
    expect(first.filter((s) => /pg_class/.test(s))).toHaveLength(1);
    expect(first.filter((s) => /DROP INDEX/.test(s))).toHaveLength(1);
    // Later far batches find more words stored than events to come: the index stays off, the words unsorted.
    await logging
      .transaction()
      .execute((trx) => applyEvents(trx, catalogProjection, events.slice(200, 400), { behind: 1 }));
    expect(await rankIndexExists()).toBe(false);
    const later = sent.splice(0);
    expect(words(later).length).toBeGreaterThan(0);
    for (const s of words(later)) expect(s).not.toMatch(/ORDER BY/);
    expect(later.filter((s) => /pg_class/.test(s))).toHaveLength(1);
    expect(later.filter((s) => /DROP INDEX|^SELECT current_schema\(\) AS schema$/.test(s))).toHaveLength(0);
    await emptyCatalog();
    sent.length = 0;
    await logging.transaction().execute((trx) => applyEvents(trx, catalogProjection, batch));
    const near = words(sent.splice(0));
    expect(near.length).toBeGreaterThan(0);
    for (const s of near) expect(s).toMatch(/ORDER BY u\.lexeme COLLATE "C"/);
  });

  it("keeps the rank index when the words stored outnumber the events still to come", { timeout: 60_000 }, async () => {
    await emptyCatalog();
    const BATCH = 200;
    for (let i = 0; i < events.length - BATCH; i += BATCH)
      await db.transaction().execute((trx) => applyEvents(trx, catalogProjection, events.slice(i, i + BATCH)));
    await sql`ANALYZE product_search_terms`.execute(db);
    const last = events.slice(events.length - BATCH);
    await db.transaction().execute((trx) => applyEvents(trx, catalogProjection, last, { behind: 100 }));
    expect(await rankIndexExists()).toBe(true);
  });

  it("the runner tells a far-behind catalog how far behind it is, and finishes the catch-up after its last full batch", {
    timeout: 120_000,
  }, async () => {
    await emptyCatalog();
    await sql`DELETE FROM projection_checkpoints WHERE name = 'catalog'`.execute(db);
    const seen: Array<{ behind?: number; ranked: boolean } | "finish"> = [];
    const probe: Projection = {
      ...catalogProjection,
      async applyBatch(trx, batch, context) {
        await catalogProjection.applyBatch!(trx, batch, context);
        const { rows } = await sql<{
          ranked: boolean;
        }>`SELECT to_regclass(${RANK_INDEX}) IS NOT NULL AS ranked`.execute(trx);
        seen.push({ behind: context?.behind, ranked: rows[0].ranked });
      },
      async finishCatchUp(d) {
        seen.push("finish");
        await catalogProjection.finishCatchUp!(d);
      },
    };
    const runner = new ProjectionRunner({
      db,
      store,
      projections: [probe],
      tryLeadership: () => database.tryAdvisoryLock(4243),
      batchSize: 50,
      farBehind: 100,
    });
    try {
      await runner.start();
      await runner.catchUp();
    } finally {
      await runner.stop();
    }
    const far = seen.filter((s) => s !== "finish" && s.behind !== undefined);
    expect(far.length).toBeGreaterThan(2);
    // Each far batch ran without the rank index, and was told at least the 100 events of a far catch-up follow it.
    for (const s of far) expect(s).toMatchObject({ ranked: false, behind: expect.any(Number) });
    expect(Math.min(...far.map((s) => (s === "finish" ? 0 : s.behind!)))).toBeGreaterThanOrEqual(100);
    // Then the batches near the end, with the index still off, and the end of the catch-up once.
    expect(seen.filter((s) => s === "finish")).toHaveLength(1);
    expect(seen.at(-1)).toBe("finish");
    expect(await rankIndexExists()).toBe(true);
    expect((await readCheckpoint(db, "catalog"))?.eventsApplied).toBe(events.length);
  });

  it("builds a missing rank index again when the catalog's tables are migrated (a catch-up that stopped half way)", async () => {
    await sql`DROP INDEX IF EXISTS ${sql.id(RANK_INDEX)}`.execute(db);
    await catalogProjection.migrate(db);
    expect(await rankIndexExists()).toBe(true);
  });

  it("a search planned while the rank index was off is planned again once it is back, with no catalog event between", async () => {
    // Another process's cache (no change stamp: it does not project), as a shopper types during the catch-up's end.
    const plans = makeSearchPlanCache(db);
    const { rows } = await sql<{ title: string }>`SELECT title FROM products WHERE listed ORDER BY id LIMIT 1`.execute(
      db,
    );
    const typing = rows[0].title
      .split(/\s+/)
      .find((w) => /^[A-Za-z]{5,}$/.test(w))!
      .slice(0, 4);
    await sql`DROP INDEX IF EXISTS ${sql.id(RANK_INDEX)}`.execute(db);
    expect(await plans(typing)).toBeNull(); // ranked through the GIN index meanwhile: no prefix words
    await catalogProjection.finishCatchUp!(db);
    expect((await plans(typing))?.terms.length).toBeGreaterThan(0);
  });
});
