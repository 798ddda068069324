import { sql } from "kysely";
import { contentNodeEvents, isEventOf, keywordEvents } from "@shop/shared";
import type { Projection } from "../runner/projection.ts";

export const keywordsProjection: Projection = {
  name: "keywords",
  version: 1,
  tables: ["keywords", "content_node_keywords"],
  handles: ["KeywordCreated", "ContentNodeKeywordLinked", "ContentNodeKeywordUnlinked"],
  async migrate(db) {
    await sql`CREATE TABLE IF NOT EXISTS keywords (
      id integer PRIMARY KEY,
      name text NOT NULL,
      slug text NOT NULL UNIQUE,
      our_uses integer NOT NULL DEFAULT 0,
      monthly_searches integer NOT NULL DEFAULT 0
    )`.execute(db);
    await sql`CREATE TABLE IF NOT EXISTS content_node_keywords (
      node_id integer NOT NULL,
      keyword_id integer NOT NULL,
      PRIMARY KEY (node_id, keyword_id)
    )`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS content_node_keywords_keyword ON content_node_keywords (keyword_id)`.execute(
      db,
    );
  },
  async apply(trx, recorded) {
    if (!(isEventOf(keywordEvents, recorded) || isEventOf(contentNodeEvents, recorded))) return; // only the types in `handles` reach here
    const event = recorded;
    switch (event.type) {
      case "KeywordCreated": {
        const d = event.data;
        await trx
          .insertInto("keywords")
          .values({ id: d.id, name: d.name, slug: d.slug, our_uses: 0, monthly_searches: d.monthlySearches })
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
        return;
      }
      // The use count moves only when the link really comes or goes; each step is a write with no result
      // to read, so a batch of them can be sent together (runner/deferred-writes.ts).
      case "ContentNodeKeywordLinked": {
        await bumpUses(trx, event.data.id, event.data.keywordId, 1);
        await trx
          .insertInto("content_node_keywords")
          .values({ node_id: event.data.id, keyword_id: event.data.keywordId })
          .onConflict((oc) => oc.columns(["node_id", "keyword_id"]).doNothing())
          .execute();
        return;
      }
      case "ContentNodeKeywordUnlinked": {
        await bumpUses(trx, event.data.id, event.data.keywordId, -1);
        await trx
          .deleteFrom("content_node_keywords")
          .where("node_id", "=", event.data.id)
          .where("keyword_id", "=", event.data.keywordId)
          .execute();
        return;
      }
    }
  },
};

/** +1 when the node was not linked to the keyword yet, -1 when it was. */
async function bumpUses(trx: Parameters<Projection["apply"]>[0], nodeId: number, keywordId: number, by: 1 | -1) {
  const linked = sql`SELECT 1 FROM content_node_keywords WHERE node_id = ${nodeId} AND keyword_id = ${keywordId}`;
  await sql`UPDATE keywords SET our_uses = our_uses + ${by}
    WHERE id = ${keywordId} AND ${by === 1 ? sql`NOT EXISTS` : sql`EXISTS`} (${linked})`.execute(trx);
}
