import { z } from "zod";
import { KEYWORD_SEARCH_RESULT_COUNT } from "../domain/constants.ts";
import { boundedText, listCount, listStart, pgInt, positiveId } from "../http/request-fields.ts";
import { idListParam } from "../lookups/api.ts";

const start = listStart();
const text = boundedText(1000, { trim: false });
/** Ids to leave out, as the picker sends them (`[1,2]`, `1,2`); anything not a whole positive number is ignored. */
const exclude = idListParam().optional();

/** Columns a keyword list may be sorted by (`-col` descending); `keyword` is the autocomplete's name for `name`. */
export const KEYWORD_SORT_COLUMNS = {
  id: "id",
  name: "name",
  keyword: "name",
  slug: "slug",
  our_uses: "our_uses",
  monthly_searches: "monthly_searches",
} as const;

/**
 * GET /admin/api/content/keyword/ and /admin/api/content/keyword-stats/: the keyword editor's lists,
 * `mode=find&content_nodes__id=N` (the keywords of node N, 'Add Parent Keywords') and the §7
 * autocomplete `?count=10&start=0&query=..&sort=keyword&exclude=[..]`. `count=-1` answers all.
 */
export const KeywordQuery = z.object({
  start,
  count: listCount(),
  sort: z
    .string()
    .regex(/^-?[a-z_]{1,100}$/, "Enter a column name, or -column for descending.")
    .default("id"),
  mode: text.optional(),
  content_nodes__id: positiveId().optional(),
  query: text.optional(),
  q: text.optional(),
  exclude,
});
export type KeywordQuery = z.infer<typeof KeywordQuery>;

/**
 * GET /admin/api/content/keyword-search/?query=: best matches first. `count` (at most 25, the
 * default) and `start` page them; `total` is the number of every match.
 */
export const KeywordSearchRequest = z.object({
  query: text.default(""),
  q: text.optional(),
  start,
  count: pgInt({ min: 1 })
    .transform((n) => Math.min(n, KEYWORD_SEARCH_RESULT_COUNT))
    .default(KEYWORD_SEARCH_RESULT_COUNT),
  exclude,
});
export type KeywordSearchRequest = z.infer<typeof KeywordSearchRequest>;
