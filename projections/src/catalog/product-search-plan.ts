import { sql, type Kysely } from "kysely";
import { rankIndexIn, type CatalogTables } from "./catalog-tables.ts";

type Db = Kysely<CatalogTables>;

/**
 * A storefront search of plain words, resolved against the read model once per catalog version
 * (product-search.ts ranks with it). Each word is a group that must match: its English stem, its
 * plain form and, for the last word while it is being typed, every indexed word it begins.
 */
export interface SearchPlan {
  terms: { term: string; group: number; weight: number }[];
  groups: number;
  /** The same match as a tsquery (text form), for the total and the facets through the GIN index. */
  tsquery: string;
  /** False when the last word begins more indexed words than the fast path looks up: every match is ranked. */
  complete: boolean;
}

/** A word that begins others matches them at this fraction of their score: a whole word in any field ranks first. */
export const PREFIX_WEIGHT = 0.25;
/** A last word this short is matched whole only ("a", "of"): as a prefix it would begin most words. */
export const MIN_PREFIX = 3;
/** At most this many words begun by the prefix are looked up one by one; past it the plan is incomplete. */
export const MAX_EXPANSIONS = 100;

/**
 * Plain words only: a code, ISBN or UPC (a digit), a quoted phrase, `or` and `-word` keep the ranked
 * `websearch_to_tsquery` of before (catalog-queries.ts), which their few matches make cheap.
 */
export function plainWords(text: string): string[] | null {
  if (/[\d"]/.test(text) || /(^|\s)-\S/.test(text)) return null;
  const words = text
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  if (words.length === 0 || words.includes("or")) return null;
  return words;
}

/** A lexeme as a tsquery operand: quoted, with quotes and backslashes escaped. */
export const tsqueryOperand = (term: string) => `'${term.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;

/** The smallest string after every string that begins with `prefix`, in code point ("C") order. */
function pastPrefix(prefix: string): string {
  const points = [...prefix];
  const last = points.pop()!.codePointAt(0)!;
  return points.join("") + String.fromCodePoint(last + 1);
}

/** Every indexed word that begins with `prefix` (one index probe per word), at most MAX_EXPANSIONS + 1. */
async function wordsBegunBy(db: Db, prefix: string): Promise<string[]> {
  const past = pastPrefix(prefix);
  const { rows } = await sql<{ term: string }>`WITH RECURSIVE e(term) AS (
      (SELECT term FROM product_search_terms WHERE term >= ${prefix} AND term < ${past} ORDER BY term LIMIT 1)
      UNION ALL
      SELECT (SELECT t.term FROM product_search_terms t WHERE t.term > e.term AND t.term < ${past} ORDER BY t.term LIMIT 1)
      FROM e WHERE e.term IS NOT NULL)
    SELECT term FROM e WHERE term IS NOT NULL LIMIT ${MAX_EXPANSIONS + 1}`.execute(db);
  return rows.map((r) => r.term);
}

/**
 * The plan of a search, or null when it is not plain words (see `plainWords`) or has only stop words.
 * The last word is a prefix too: a shopper may still be typing it (the query arrives trimmed).
 * Null as well while the rank index is missing (a far-behind catch-up).
 */
export async function prepareSearch(db: Db, text: string): Promise<SearchPlan | null> {
  const words = plainWords(text);
  if (!words) return null;
  const { rows } = await sql<{ english: string[]; plain: string[]; ranked: boolean }>`SELECT
      ARRAY(SELECT lexeme FROM unnest(to_tsvector('english', w.word))) AS english,
      ARRAY(SELECT lexeme FROM unnest(to_tsvector('simple', w.word))) AS plain, ${rankIndexIn} IS NOT NULL AS ranked
    FROM unnest(${words}::text[]) WITH ORDINALITY AS w(word, i) ORDER BY w.i`.execute(db);
  // A far-behind catch-up has dropped the rank index until its end (catalog-tables.ts, `dropRankIndex`):
  // without it every look-up below reads the whole table, so rank through the GIN index as a code's search does.
  if (!rows[0]?.ranked) return null;
  const terms: SearchPlan["terms"] = [];
  const operands: string[] = [];
  let complete = true;
  for (const [i, { english, plain }] of rows.entries()) {
    if (english.length === 0) continue; // a stop word ("the", "of"), as the English search drops it
    const group = operands.length;
    const exact = [...new Set([...english, ...plain])];
    for (const term of exact) terms.push({ term, group, weight: 1 });
    const alternatives = exact.map(tsqueryOperand);
    const prefix = plain[0];
    if (i === rows.length - 1 && prefix && [...prefix].length >= MIN_PREFIX) {
      const begun = await wordsBegunBy(db, prefix);
      if (begun.length > MAX_EXPANSIONS) complete = false;
      for (const term of begun.slice(0, MAX_EXPANSIONS))
        if (!exact.includes(term)) terms.push({ term, group, weight: PREFIX_WEIGHT });
      alternatives.push(`${tsqueryOperand(prefix)}:*`);
    }
    operands.push(`( ${alternatives.join(" | ")} )`);
  }
  if (operands.length === 0) return null;
  return { terms, groups: operands.length, tsquery: operands.join(" & "), complete };
}
