import { PICKER } from "@shop/shared";

export type PickerSearchArgs = {
  api: string;
  query: string;
  /** A search field, or '' for all of them. */
  field: string;
  exclude: number[];
  filters?: Record<string, string | number | boolean | null>;
  count?: number;
  /**
   * The picker's search fields: "All" ORs over each. None named: no OR is sent, and the lookup searches
   * `query` in its own fields (the server's lookup registry is their one source).
   */
  searchFields?: string[];
  /** Foreign keys the lookup adds as sub-objects ({id, str, api_url}): `__include` (back-office §7). */
  include?: string[];
};

const includeOf = (include: string[] | undefined) => (include?.length ? JSON.stringify(include) : null);

const fieldsOf = (args: PickerSearchArgs) => (args.field ? [args.field] : (args.searchFields ?? []));

/** §7 Find: POST {api base}?ts= with count, sort, start, query, exclude, filters and OR ({field}__icontains for each search field). */
export function searchBody(args: PickerSearchArgs) {
  const fields = fieldsOf(args);
  return {
    count: args.count ?? PICKER.defaultResultCount,
    sort: "id",
    start: 0,
    query: args.query,
    exclude: args.exclude,
    ...(args.filters ? { filters: args.filters } : {}),
    ...(fields.length ? { OR: Object.fromEntries(fields.map((field) => [`${field}__icontains`, args.query])) } : {}),
    ...(args.include?.length ? { __include: args.include } : {}),
  };
}

/** §7 autocomplete: GET {api}?count=10&start=0&query=&sort=keyword&exclude=[...] (plus the picker's filters). */
export function autocompleteParams(args: PickerSearchArgs): URLSearchParams {
  const params = new URLSearchParams({
    count: String(PICKER.autocompleteResultCount),
    start: "0",
    query: args.query,
    sort: "keyword",
  });
  params.set("exclude", JSON.stringify(args.exclude));
  const include = includeOf(args.include);
  if (include) params.set("__include", include);
  for (const [key, value] of Object.entries(args.filters ?? {})) if (value !== null) params.set(key, String(value));
  return params;
}

/** §7 loading the current items: GET {api}?count=-1&sort=id&start=0&pk__in=[...]&__include=[...]. */
export function itemParams(ids: number[], include?: string[]): URLSearchParams {
  const params = new URLSearchParams({ count: "-1", sort: "id", start: "0", pk__in: JSON.stringify(ids) });
  const included = includeOf(include);
  if (included) params.set("__include", included);
  return params;
}

/** Splits ids so each request's `pk__in=[...]` part stays near the spec's 1000-character limit. */
export function chunkIds(ids: number[], limit = PICKER.idRequestUrlChunkLength): number[][] {
  const chunks: number[][] = [];
  let current: number[] = [];
  let length = 2;
  for (const id of ids) {
    const extra = String(id).length + 1;
    if (current.length && length + extra > limit) {
      chunks.push(current);
      current = [];
      length = 2;
    }
    current.push(id);
    length += extra;
  }
  if (current.length) chunks.push(current);
  return chunks;
}
