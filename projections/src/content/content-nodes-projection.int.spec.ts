// The content_nodes table across the page-fields migration, on a real database (test-only dependency on services/).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import { ContentNodeCreated, ContentNodeSaved, START, type RecordedEvent } from "@shop/shared";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { testBackends } from "@shop/services/testing/backends";
import { contentNodesProjection } from "./content-nodes-projection.ts";
import type { Database } from "../database.ts";

let global = 0;
/** An event as the store hands it back: its data decoded by the event's schema (defaults filled). */
function recorded(
  definition: { type: string; schema: { parse(d: unknown): unknown } },
  data: unknown,
  streamPosition: number,
): RecordedEvent {
  global++;
  return {
    type: definition.type,
    data: definition.schema.parse(data),
    metadata: {},
    schemaVersion: 1,
    streamId: "contentnode-1",
    streamPosition,
    position: { ...START, major: BigInt(global) } as RecordedEvent["position"],
    globalPosition: global,
    createdAt: new Date(),
  };
}

const pageColumns = (db: Kysely<Database>, id: number) =>
  db
    .selectFrom("content_nodes")
    .select(["sku_id", "language_node_id", "menu_node_ids", "image", "sort_order", "sitemap_priority"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
const normalised = (row: Record<string, unknown>) => ({ ...row, sort_order: Number(row.sort_order) });

describe.each(testBackends())("content_nodes read model with the page fields on $name", ({ pglite }) => {
  // One database per backend (a PGlite instance is costly); each test starts from no table.
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: Kysely<Database>;
  beforeAll(async () => {
    database = await openTestDatabase({ pglite });
    db = database.db;
  });
  afterAll(() => database?.drop());

  it("migrating a table of the first shape adds the page columns with their defaults, and migrating twice changes nothing", async () => {
    await sql`DROP TABLE IF EXISTS content_nodes`.execute(db);
    await sql`CREATE TABLE content_nodes (id integer PRIMARY KEY, name text NOT NULL, slug text NOT NULL, parent_id integer NULL,
      short_description text NOT NULL DEFAULT '', url text NOT NULL, body text NOT NULL DEFAULT '', node_type_id integer NULL, status text NOT NULL,
      published timestamptz NULL, last_published timestamptz NULL, version integer NOT NULL, created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL, updated_by text NULL)`.execute(db);
    await sql`INSERT INTO content_nodes (id, name, slug, url, status, version, created_at, updated_at) VALUES (1, 'Home', 'home', '/', 'Live', 1, now(), now())`.execute(
      db,
    );
    await contentNodesProjection.migrate(db);
    await contentNodesProjection.migrate(db);
    expect(normalised(await pageColumns(db, 1))).toEqual({
      sku_id: null,
      language_node_id: null,
      menu_node_ids: [],
      image: "",
      sort_order: 0,
      sitemap_priority: 0.5,
    });
  });

  it("an old created event gets the defaults, and a save of the page fields writes each column", async () => {
    await sql`DROP TABLE IF EXISTS content_nodes`.execute(db);
    await contentNodesProjection.migrate(db);
    const old = { id: 1, name: "Home", slug: "home", parentId: null, url: "/", createdAt: "2020-01-01T00:00:00.000Z" };
    const changes = {
      skuId: 2,
      languageNodeId: 3,
      menuNodeIds: [4, 1],
      image: "ark-at-dusk",
      sortOrder: 9_999_999_999_999,
      sitemapPriority: 0.8,
    };
    await db.transaction().execute((trx) => contentNodesProjection.apply(trx, recorded(ContentNodeCreated, old, 0)));
    expect(normalised(await pageColumns(db, 1))).toEqual({
      sku_id: null,
      language_node_id: null,
      menu_node_ids: [],
      image: "",
      sort_order: 0,
      sitemap_priority: 0.5,
    });
    await db
      .transaction()
      .execute((trx) =>
        contentNodesProjection.apply(
          trx,
          recorded(ContentNodeSaved, { id: 1, changes, version: 1, savedAt: "2020-01-02T00:00:00.000Z", by: null }, 1),
        ),
      );
    expect(normalised(await pageColumns(db, 1))).toEqual({
      sku_id: 2,
      language_node_id: 3,
      menu_node_ids: [4, 1],
      image: "ark-at-dusk",
      sort_order: 9_999_999_999_999,
      sitemap_priority: 0.8,
    });
  });
});
