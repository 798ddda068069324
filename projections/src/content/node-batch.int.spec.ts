// The node tables' batch (content and menu nodes) against their one-by-one `apply` (test-only dependency on services/).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import {
  ContentNodeArchived,
  ContentNodeCreated,
  ContentNodeKeywordLinked,
  ContentNodePublished,
  ContentNodeSaved,
  ContentNodeStatusChanged,
  ContributorRoleAdded,
  MenuNodeCreated,
  MenuNodePublished,
  MenuNodeSaved,
  PendingRewriteBatchRecorded,
  type RecordedEvent,
} from "@shop/shared";
import { testBackends } from "@shop/services/testing/backends";
import { openTestDatabase } from "@shop/services/testing/test-database";
import type { Database } from "../database.ts";
import { menuNodesProjection } from "../nav/menu-nodes-projection.ts";
import { tablesBothWays } from "../runner/batch-equivalence.ts";
import type { Projection } from "../runner/projection.ts";
import { contentNodesProjection } from "./content-nodes-projection.ts";
import { at, by, nodeEvents } from "./content-node-events.fixture.ts";

const onNode = nodeEvents("node-");
const created = (id: number, name: string, more: object = {}) =>
  onNode(ContentNodeCreated, id, { name, slug: name, parentId: null, url: `/${name}/`, createdAt: at(1), by, ...more });
const saved = (id: number, changes: object, minute: number) =>
  onNode(ContentNodeSaved, id, { changes, version: 0, savedAt: at(minute), by });
const published = (id: number, minute: number) => onNode(ContentNodePublished, id, { publishedAt: at(minute), by });

/** Node 9 and menu node 19 were created before the batches. */
const earlier = (projection: Projection, events: RecordedEvent[]) => async (db: Kysely<Database>) => {
  await db.transaction().execute(async (trx) => {
    for (const event of events) await projection.apply(trx, event);
  });
};

describe.each(testBackends())("node tables batched on $name", ({ pglite }) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase({ pglite });
  }, 120_000);
  afterAll(() => database?.drop());

  it("spec 28.2 content nodes created, saved, published twice, archived leave the same rows batched as one by one", async () => {
    const before = [created(9, "nine")];
    const events = [
      saved(1, { name: "too early" }, 2), // no row yet: changes nothing
      created(1, "one"),
      saved(1, { name: "One", menuNodeIds: [3, 4], sortOrder: 5, sitemapPriority: 0.3, image: "ark" }, 3),
      published(1, 4), // published was null: set
      saved(1, { published: null, body: "<p>x</p>" }, 5),
      published(1, 6), // null again: set again
      published(1, 7), // kept
      onNode(ContentNodeStatusChanged, 1, { from: "Live", to: "Changes Pending", changedAt: at(8), by: null }),
      onNode(ContentNodeKeywordLinked, 1, { keywordId: 4 }),
      created(2, "two", { published: at(2), skuId: 7, languageNodeId: 3 }),
      published(2, 9), // published already set: kept
      onNode(ContentNodeArchived, 2, { archivedAt: at(10), by }),
      created(9, "nine again"), // already there: the first row stays
      saved(9, { shortDescription: "Nine", parentId: 1, nodeTypeId: 2 }, 11),
      published(9, 12),
      onNode(ContributorRoleAdded, 9, { roleId: 1, contributor: "Ken", role: "Author", sortOrder: 10 }),
      published(7, 13), // never created
      saved(7, { name: "ghost" }, 14),
      created(3, "three"),
      created(3, "three again"),
      saved(3, { lastPublished: at(15), published: at(15) }, 15),
      published(3, 16),
    ];
    const { oneByOne, batched } = await tablesBothWays(database.db, contentNodesProjection, events, {
      sizes: [1, 2, 5, events.length],
      before: earlier(contentNodesProjection, before),
    });
    expect(oneByOne.content_nodes.length).toBe(4);
    for (const { tables } of batched) expect(tables).toEqual(oneByOne);
  }, 60_000);

  it("spec 28.2 menu nodes (no page columns, no published column) leave the same rows batched as one by one", async () => {
    const menu = (id: number, name: string) =>
      onNode(MenuNodeCreated, id, { name, slug: name, parentId: null, url: `/${name}/`, createdAt: at(1), by });
    const events = [
      menu(11, "visit"),
      onNode(MenuNodeSaved, 11, { changes: { url: "/plan/" }, version: 1, savedAt: at(2), by }),
      onNode(PendingRewriteBatchRecorded, 11, {
        batchId: 1,
        nodeId: 11,
        oldUrl: "/visit/",
        newUrl: "/plan/",
        recordedAt: at(2),
        by,
      }),
      onNode(MenuNodePublished, 11, { publishedAt: at(3), by }),
      onNode(MenuNodePublished, 19, { publishedAt: at(4), by }),
      onNode(MenuNodeSaved, 12, { changes: { name: "none" }, version: 1, savedAt: at(5), by }),
    ];
    const { oneByOne, batched } = await tablesBothWays(database.db, menuNodesProjection, events, {
      sizes: [1, 2, events.length],
      before: earlier(menuNodesProjection, [menu(19, "shop")]),
    });
    expect(oneByOne.menu_nodes.length).toBe(2);
    for (const { tables } of batched) expect(tables).toEqual(oneByOne);
  }, 60_000);
});
