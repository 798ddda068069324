import { type Kysely, sql } from "kysely";
import { type Database, escapeLike } from "@shop/projections";
import { MAX_SUGGESTIONS, MIN_SUGGEST_CHARS, type Suggestion } from "@shop/shared/search/api";

/**
 * Suggestions for what the visitor has typed: listed products and Live content pages whose title has a
 * word starting with it. A title that starts with it comes first, then shorter titles, then A to Z.
 */
export async function suggest(db: Kysely<Database>, typed: string): Promise<Suggestion[]> {
  const q = typed.trim().toLowerCase();
  if (q.length < MIN_SUGGEST_CHARS) return [];
  const starts = `${escapeLike(q)}%`;
  const wordStarts = `% ${escapeLike(q)}%`;
  const [products, pages] = await Promise.all([
    db
      .selectFrom("products")
      .select(["id", "title"])
      .where("listed", "=", true)
      .where((eb) => eb.or([eb(sql`lower(title)`, "like", starts), eb(sql`lower(title)`, "like", wordStarts)]))
      .orderBy(sql`length(title)`)
      .orderBy("title")
      .limit(MAX_SUGGESTIONS)
      .execute(),
    db
      .selectFrom("content_nodes")
      .select(["name", "url"])
      .where("status", "=", "Live")
      .where((eb) => eb.or([eb(sql`lower(name)`, "like", starts), eb(sql`lower(name)`, "like", wordStarts)]))
      .orderBy(sql`length(name)`)
      .orderBy("name")
      .limit(MAX_SUGGESTIONS)
      .execute(),
  ]);
  const all: Suggestion[] = [
    ...products.map((p): Suggestion => [p.title, `/store/products/${p.id}/`, "product"]),
    ...pages.map((p): Suggestion => [p.name, p.url, "page"]),
  ];
  const rank = ([text]: Suggestion) => (text.toLowerCase().startsWith(q) ? 0 : 1);
  const seen = new Set<string>();
  return all
    .sort((a, b) => rank(a) - rank(b) || a[0].length - b[0].length || a[0].localeCompare(b[0]))
    .filter(([text, url]) => !seen.has(`${text}|${url}`) && seen.add(`${text}|${url}`))
    .slice(0, MAX_SUGGESTIONS);
}
