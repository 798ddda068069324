import { z } from "zod";
import { blankAsAbsent, boundedText, PG_INT_MAX, pgInt, tooManyItems } from "../http/request-fields.ts";

/**
 * Ids as the picker sends them: a JSON array (`[1,2]`), a comma list, or an array. Anything that is
 * not a whole positive number is dropped without an error (back-office §4: non-numeric ids are
 * ignored), so a stray "abc" never fails a search and never widens it either.
 */
export function toIdList(value: unknown): number[] {
  let list: unknown[];
  if (Array.isArray(value)) list = value.flatMap((v) => (typeof v === "string" && /[[,]/.test(v) ? toIdList(v) : [v]));
  else if (typeof value === "number") list = [value];
  else if (typeof value === "string") {
    const text = value.trim();
    try {
      const parsed: unknown = JSON.parse(text);
      list = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      list = text.replace(/^\[|\]$/g, "").split(",");
    }
  } else list = [];
  const ids = list
    .map((v) =>
      typeof v === "number"
        ? v
        : typeof v === "string" && /^\s*"?\d+"?\s*$/.test(v)
          ? Number(v.replace(/"/g, ""))
          : NaN,
    )
    // An id past the integer columns' range names nothing: ignored like any other junk.
    .filter((n) => Number.isSafeInteger(n) && n > 0 && n <= PG_INT_MAX);
  return [...new Set(ids)];
}

/** Names as `__include=["parent","format"]` or a comma list sends them. */
export function toNameList(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(toNameList);
  if (typeof value !== "string" || value.trim() === "") return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed.filter((v): v is string => typeof v === "string");
  } catch {}
  return value
    .replace(/^\[|\]$/g, "")
    .split(",")
    .map((s) => s.trim().replace(/^"|"$/g, ""))
    .filter(Boolean);
}

/** Most ids a search may name: each is one SQL parameter, and PostgreSQL takes at most 65535 per query. */
export const SEARCH_IDS_MAX = 10_000;
/** An id list (see toIdList), at most SEARCH_IDS_MAX long. */
export const idListParam = () =>
  z
    .unknown()
    .meta({
      description: "Ids as a JSON array ([1,2]), a comma list (1,2) or an array; what is not a positive id is ignored.",
    })
    .transform(toIdList)
    .pipe(z.array(z.number()).max(SEARCH_IDS_MAX, tooManyItems(SEARCH_IDS_MAX)));
const ids = idListParam();
const nameList = z
  .unknown()
  .meta({ description: 'Names as a JSON array (["parent","format"]) or a comma list.' })
  .transform(toNameList);
const text = boundedText(1000, { trim: false });

/** Paging and sorting shared by every lookup call; `count=-1` (any negative) means everything. */
const Paging = {
  start: blankAsAbsent(pgInt({ min: 0 }).optional()),
  count: blankAsAbsent(pgInt().optional()),
  sort: boundedText(100).optional(),
};

/** The picker's search: `POST {api base}?ts=` (back-office §7). */
export const PickerSearchRequest = z.object({
  ...Paging,
  query: text.optional(),
  exclude: ids.optional(),
  /** Exact-field filters, e.g. `{"status": "Live", "parent_id": 1}`. */
  filters: z.record(z.string(), z.union([text, z.number(), z.boolean(), z.null()])).optional(),
  /** One `{field}__icontains: text` per search field; a row matching any of them is found. */
  OR: z.record(z.string(), z.union([text, z.number()])).optional(),
  pk__in: ids.optional(),
  ids: ids.optional(),
  __include: nameList.optional(),
});
export type PickerSearchRequest = z.infer<typeof PickerSearchRequest>;

/** A POST body is a picker search (rather than a create sharing the URL) when it has one of these. */
export const PICKER_SEARCH_KEYS = ["query", "OR", "count", "exclude"] as const;
export const isPickerSearchBody = (body: unknown): boolean =>
  typeof body === "object" && body !== null && !Array.isArray(body) && PICKER_SEARCH_KEYS.some((k) => k in body);

/**
 * The same search from a query string: `GET {api}?count=&sort=id&start=&pk__in=[1,2]&__include=[...]`.
 * A model may take list parameters too, e.g. the SKU picker's `sku_groups=["books","videos"]` (SKUs of
 * those categories); they are read by the model's own rules (`toNameList` for the values).
 */
export const PickerQueryString = z.object({
  ...Paging,
  query: text.optional(),
  exclude: ids.optional(),
  pk__in: ids.optional(),
  ids: ids.optional(),
  __include: nameList.optional(),
});

/** Status as the picker shows it ('[status: title]'): the stored value as id, and its title. */
export const LookupStatus = z.object({ id: z.union([z.string(), z.number()]), title: z.string() });

/** One row of a picker's results (back-office §3 "Lookup item"), plus the model's display fields. */
export const LookupItem = z
  .object({
    id: z.number(),
    str: z.string(),
    status: LookupStatus.optional(),
    type: z.string().optional(),
    /** The format's name; with `__include=["format"]` the related record (id, str, api_url). */
    format: z
      .union([z.string(), z.object({ id: z.number(), str: z.string(), api_url: z.string() })])
      .nullable()
      .optional(),
    /** GET here answers this item (`{metadata, ...item}`). */
    api_url: z.string(),
    add_url: z.string(),
    /** The fields a picker's search box looks in (`OR: {field__icontains}`), and the ones its results table shows. */
    search_fields: z.array(z.string()),
    api_display_fields: z.array(z.string()),
  })
  .catchall(z.unknown());
export type LookupItem = z.infer<typeof LookupItem>;

/** Answer of every lookup call (back-office §3 "Related search result response"). */
export const LookupSearchResponse = z.object({
  metadata: z.object({ success: z.literal(true), errors: z.array(z.string()) }),
  items: z.array(LookupItem),
  total: z.number(),
  count: z.number(),
  start: z.number(),
});
export type LookupSearchResponse = z.infer<typeof LookupSearchResponse>;
