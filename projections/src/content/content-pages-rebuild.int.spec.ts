// A rebuild renders every page once at its end (content-pages finishRebuild): the same rows the live
// projector left, in a few round trips, not two or three per page (test-only dependency on services/).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import { ContentNodeCreated, ContentNodePublished, ContentNodeSaved } from "@shop/shared";
import { testBackends } from "@shop/services/testing/backends";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { allProjections } from "../index.ts";
import type { Database } from "../database.ts";
import { contentNodesProjection } from "./content-nodes-projection.ts";
import { contentPagesProjection } from "./content-pages-projection.ts";
import { at, by, nodeEvents } from "./content-node-events.fixture.ts";

const onNode = nodeEvents("contentnode-");
const created = (id: number, name: string, body: string, parentId: number | null = null) =>
  onNode(ContentNodeCreated, id, { name, slug: name, parentId, url: `/${name}/`, createdAt: at(1), by, body });
const published = (id: number, minute: number) => onNode(ContentNodePublished, id, { publishedAt: at(minute), by });
const saved = (id: number, changes: object, minute: number) =>
  onNode(ContentNodeSaved, id, { changes, version: 0, savedAt: at(minute), by });

const bodies = async (db: Kysely<Database>) =>
  (await sql<{ row: string }>`SELECT t::text AS row FROM content_page_bodies t ORDER BY 1`.execute(db)).rows.map(
    (r) => r.row,
  );

describe.each(testBackends())("content pages rendered at a rebuild's end on $name", ({ pglite }) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase({ pglite });
    for (const projection of allProjections) await projection.migrate(database.db);
  }, 120_000);
  afterAll(() => database?.drop());

  it("spec 28.2 finishRebuild leaves the rows the live projector left, in fewer round trips than pages", async () => {
    const plain = Array.from({ length: 12 }, (_, i) => i + 10);
    const events = [
      created(1, "root", "<p>Root</p>"),
      published(1, 2),
      created(2, "guide", '<p>See {% get_urls node=1 as="link" %}.</p>', 1),
      published(2, 3),
      created(3, "members", '{% restrict_content mode="authenticated" %}<p>Hi.</p>{% endrestrict_content %}', 1),
      published(3, 4),
      saved(3, { name: "Members (draft)", body: "<p>Draft</p>" }, 5), // changes pending: the published one shows
      ...plain.flatMap((id) => [created(id, `page${id}`, `<p>Page ${id}</p>`, 1), published(id, 6)]),
      saved(1, { name: "Home" }, 7), // the guide links to it
    ];
    await database.db.transaction().execute(async (trx) => {
      for (const event of events) {
        await contentNodesProjection.apply(trx, event);
        await contentPagesProjection.apply(trx, event);
      }
    });
    const live = await bodies(database.db);
    expect(live).toHaveLength(3 + plain.length);

    await sql`DELETE FROM content_page_bodies`.execute(database.db);
    let roundTrips = 0;
    const counting = database.db.withPlugin({
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        roundTrips++;
        return result;
      },
    });
    await counting.transaction().execute((trx) => contentPagesProjection.finishRebuild!(trx));
    expect(await bodies(database.db)).toEqual(live);
    expect(roundTrips).toBeLessThan(live.length);
  });
});
