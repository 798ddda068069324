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
      case "ContentNodeKeywordLinked": {
        const inserted = await trx
          .insertInto("content_node_keywords")
          .values({ node_id: event.data.id, keyword_id: event.data.keywordId })
          .onConflict((oc) => oc.columns(["node_id", "keyword_id"]).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) await bumpUses(trx, event.data.keywordId, 1);
        return;
      }
      case "ContentNodeKeywordUnlinked": {
        const deleted = await trx
          .deleteFrom("content_node_keywords")
          .where("node_id", "=", event.data.id)
          .where("keyword_id", "=", event.data.keywordId)
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) > 0) await bumpUses(trx, event.data.keywordId, -1);
        return;
      }
    }
  },
};

async function bumpUses(trx: Parameters<Projection["apply"]>[0], keywordId: number, by: number) {
  await sql`UPDATE keywords SET our_uses = our_uses + ${by} WHERE id = ${keywordId}`.execute(trx);
}
