import { sql, type Insertable, type Transaction } from "kysely";
import { contentNodeEvents, type EventOf, isEventOf, keywordEvents, type RecordedEvent } from "@shop/shared";
import type { Database } from "../database.ts";
import type { Projection } from "../runner/projection.ts";
import type { KeywordsTable } from "./keywords-tables.ts";

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
  applyBatch: (trx, events) => applyKeywordsBatch(trx, events),
};

type KeywordEvent = RecordedEvent & (EventOf<typeof keywordEvents> | EventOf<typeof contentNodeEvents>);
const linkKey = (nodeId: number, keywordId: number) => `${nodeId}:${keywordId}`;

/**
 * The keywords and links a batch names read at once; in memory, as one by one, a link counts a use
 * only when it is new and its keyword is there (an unlink only when it was linked). Then one INSERT of
 * the new keywords, one UPDATE adding each keyword's uses, one DELETE and one INSERT of links.
 */
async function applyKeywordsBatch(trx: Transaction<Database>, events: RecordedEvent[]): Promise<void> {
  const named = events.filter((e): e is KeywordEvent => isEventOf(keywordEvents, e) || isEventOf(contentNodeEvents, e));
  const keywordIds = new Set<number>();
  const pairs: Array<[number, number]> = [];
  for (const event of named) {
    if (event.type === "KeywordCreated") keywordIds.add(event.data.id);
    else if (event.type === "ContentNodeKeywordLinked" || event.type === "ContentNodeKeywordUnlinked") {
      keywordIds.add(event.data.keywordId);
      pairs.push([event.data.id, event.data.keywordId]);
    }
  }
  const { rows: keywords } = await sql<{ id: number }>`SELECT id FROM keywords
    WHERE id = ANY(${[...keywordIds]}::int[])`.execute(trx);
  const { rows: links } = await sql<{ node_id: number; keyword_id: number }>`SELECT l.node_id, l.keyword_id
    FROM content_node_keywords l JOIN unnest(${pairs.map((p) => p[0])}::int[], ${pairs.map((p) => p[1])}::int[])
      AS k(node_id, keyword_id) ON l.node_id = k.node_id AND l.keyword_id = k.keyword_id`.execute(trx);
  const there = new Set(keywords.map((k) => k.id));
  const linkedBefore = new Set(links.map((l) => linkKey(l.node_id, l.keyword_id)));
  const linked = new Map<string, [number, number]>(
    links.map((l) => [linkKey(l.node_id, l.keyword_id), [l.node_id, l.keyword_id]]),
  );
  const created = new Map<number, Insertable<KeywordsTable>>();
  const uses = new Map<number, number>();
  const bump = (keywordId: number, by: number) => {
    if (!there.has(keywordId)) return;
    const fresh = created.get(keywordId);
    if (fresh) fresh.our_uses = Number(fresh.our_uses) + by;
    else uses.set(keywordId, (uses.get(keywordId) ?? 0) + by);
  };
  for (const event of named) {
    if (event.type === "KeywordCreated") {
      const d = event.data;
      if (there.has(d.id)) continue;
      there.add(d.id);
      created.set(d.id, { id: d.id, name: d.name, slug: d.slug, our_uses: 0, monthly_searches: d.monthlySearches });
    } else if (event.type === "ContentNodeKeywordLinked") {
      const key = linkKey(event.data.id, event.data.keywordId);
      if (!linked.has(key)) bump(event.data.keywordId, 1);
      linked.set(key, [event.data.id, event.data.keywordId]);
    } else if (event.type === "ContentNodeKeywordUnlinked") {
      const key = linkKey(event.data.id, event.data.keywordId);
      if (linked.has(key)) bump(event.data.keywordId, -1);
      linked.delete(key);
    }
  }
  if (created.size > 0)
    await trx
      .insertInto("keywords")
      .values([...created.values()])
      .execute();
  const moved = [...uses].filter(([, by]) => by !== 0);
  if (moved.length > 0)
    await sql`UPDATE keywords SET our_uses = our_uses + u.by
      FROM unnest(${moved.map((m) => m[0])}::int[], ${moved.map((m) => m[1])}::int[]) AS u(id, by)
      WHERE keywords.id = u.id`.execute(trx);
  const unlinked = [...linkedBefore].filter((key) => !linked.has(key)).map((key) => key.split(":").map(Number));
  if (unlinked.length > 0)
    await sql`DELETE FROM content_node_keywords l
      USING unnest(${unlinked.map((p) => p[0])}::int[], ${unlinked.map((p) => p[1])}::int[]) AS k(node_id, keyword_id)
      WHERE l.node_id = k.node_id AND l.keyword_id = k.keyword_id`.execute(trx);
  const added = [...linked].filter(([key]) => !linkedBefore.has(key)).map(([, pair]) => pair);
  if (added.length > 0)
    await trx
      .insertInto("content_node_keywords")
      .values(added.map(([node_id, keyword_id]) => ({ node_id, keyword_id })))
      .execute();
}

/** +1 when the node was not linked to the keyword yet, -1 when it was. */
async function bumpUses(trx: Parameters<Projection["apply"]>[0], nodeId: number, keywordId: number, by: 1 | -1) {
  const linked = sql`SELECT 1 FROM content_node_keywords WHERE node_id = ${nodeId} AND keyword_id = ${keywordId}`;
  await sql`UPDATE keywords SET our_uses = our_uses + ${by}
    WHERE id = ${keywordId} AND ${by === 1 ? sql`NOT EXISTS` : sql`EXISTS`} (${linked})`.execute(trx);
}
