// A rebuild of the catalog fills its new tables without the read-side indexes and builds them once
// before the swap (rebuild.ts, `readIndexes`): the rows and the indexes end as the live projector leaves them.
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { START, readAllCommitted } from "@shop/shared";
import { generateCatalog } from "@shop/services/catalog/catalog-generator";
import { importCatalog, parseCatalogFile } from "@shop/services/catalog/catalog-import";
import { createEventRegistry } from "@shop/services/event-registry";
import { createPostgresEventStore } from "@shop/services/eventstore/postgres-event-store";
import { migrateIdCounters } from "@shop/services/platform/id-allocator";
import { testBackends } from "@shop/services/testing/backends";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { applyEvents } from "../runner/apply.ts";
import { migrateCheckpoints } from "../runner/checkpoints.ts";
import type { Projection } from "../runner/projection.ts";
import { rebuildProjection } from "../runner/rebuild.ts";
import type { Database } from "../database.ts";
import { catalogProjection } from "./catalog-projection.ts";
import { catalogRowsAndIndexes } from "./catalog-snapshot.ts";

describe.each(testBackends())("catalog rebuild on $name", ({ pglite }) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: Kysely<Database>;

  beforeAll(async () => {
    database = await openTestDatabase({ pglite, poolSize: 4 });
    db = database.db;
  }, 120_000);
  afterAll(() => database?.drop());

  const snapshot = () => catalogRowsAndIndexes(db);

  it("a rebuild writes the catalog's rows without its read-side indexes and builds them before the swap: the same rows and indexes", {
    timeout: 180_000,
  }, async () => {
    await migrateCheckpoints(db);
    await migrateIdCounters(db);
    await catalogProjection.migrate(db);
    const store = await createPostgresEventStore(database, createEventRegistry());
    await importCatalog(
      { store, db, clock: () => new Date("2026-11-29T10:00:00.000Z") },
      parseCatalogFile(generateCatalog({ products: 120, seed: 5, today: "2026-11-29" })),
      { by: null, metadata: { correlationId: "catalog-rebuild-test" } },
    );
    const events = await readAllCommitted(store, START, { limit: 1_000_000 });
    // The live projector's way: batches into the tables that serve.
    for (let i = 0; i < events.length; i += 500)
      await db.transaction().execute((trx) => applyEvents(trx, catalogProjection, events.slice(i, i + 500)));
    const live = await snapshot();
    expect(live.tables.product_search_terms.length).toBeGreaterThan(500);
    expect(live.indexes.map((i) => i.indexname)).toContain("product_search_terms_rank");

    const seenIndexes = new Set<string>();
    const probe: Projection = {
      ...catalogProjection,
      async applyBatch(trx, batch) {
        const { rows } = await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes
          WHERE schemaname = current_schema()`.execute(trx);
        for (const { indexname } of rows) seenIndexes.add(indexname);
        await catalogProjection.applyBatch!(trx, batch);
      },
    };
    expect(await rebuildProjection({ db, store, projection: probe, batchSize: 200 })).toBe(events.length);
    expect(seenIndexes.has("products_pkey")).toBe(true);
    for (const name of catalogProjection.readIndexes ?? []) expect(seenIndexes.has(name)).toBe(false);
    expect(await snapshot()).toEqual(live);
  });
});
