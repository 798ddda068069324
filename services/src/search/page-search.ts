import { type Kysely, sql } from "kysely";
import { type Database, escapeLike } from "@shop/projections";
import { MAX_PAGE_HITS, type PageHit } from "@shop/shared/search/api";

/** The words of a page's html, for matching and for its summary line. */
const TEXT = sql<string>`regexp_replace(coalesce(b.html_anonymous, ''), '<[^>]*>', ' ', 'g')`;
const DOCUMENT = sql`setweight(to_tsvector('english', b.source_name), 'A') || setweight(to_tsvector('english', b.source_short_description), 'B') || to_tsvector('english', ${TEXT})`;
const query = (q: string) => sql`(websearch_to_tsquery('english', ${q}) || websearch_to_tsquery('simple', ${q}))`;

/** A line of what the page says: its short description, else the start of its text. */
export function summaryOf(shortDescription: string, text: string): string {
  const plain = (shortDescription || text).replace(/\s+/g, " ").trim();
  return plain.length > 160 ? `${plain.slice(0, 157).trimEnd()}…` : plain;
}

/**
 * Content pages a visitor can read (public html, Live or Changes Pending), found by the words of their
 * title, short description and body as visitors see them (rendered: never a staff-only part). A title
 * that starts with the words comes first, then by rank. The few hundred pages of the site are ranked
 * per request; a site with many thousands would keep the document in the read model with a GIN index.
 */
export async function searchPages(db: Kysely<Database>, typed: string): Promise<{ items: PageHit[]; total: number }> {
  const q = typed.trim();
  if (!q) return { items: [], total: 0 };
  const titleStarts = `${escapeLike(q.toLowerCase())}%`;
  const rows = await db
    .selectFrom("content_page_bodies as b")
    .innerJoin("content_nodes as n", "n.id", "b.node_id")
    .select(["n.url", "b.source_name as title", "b.source_short_description as short", TEXT.as("text")])
    .select(sql<number>`count(*) over ()`.as("total"))
    .where("b.html_anonymous", "is not", null)
    .where("n.status", "in", ["Live", "Changes Pending"])
    .where((eb) => eb.or([eb(sql`lower(b.source_name)`, "like", titleStarts), eb(sql`${DOCUMENT}`, "@@", query(q))]))
    .orderBy(sql`lower(b.source_name) LIKE ${titleStarts} DESC`)
    .orderBy(sql`ts_rank(${DOCUMENT}, ${query(q)}) DESC`)
    .orderBy("b.source_name")
    .limit(MAX_PAGE_HITS)
    .execute();
  return {
    items: rows.map((r) => ({ title: r.title, url: r.url, summary: summaryOf(r.short, r.text) })),
    total: Number(rows[0]?.total ?? 0),
  };
}
