import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import {
  fieldMessage,
  InvalidRequestError,
  type LookupItem,
  type LookupSearchResponse,
  PG_INT_MAX,
  PICKER,
  type PickerSearchRequest,
} from "@shop/shared";
import type { LookupModel } from "./lookup-models.ts";
import type { Database } from "@shop/projections";

/**
 * The lookup models name their tables, joins and columns as data (lookup-models.ts), so the
 * queries here see every table as plain columns; the lookups tests run each model on the database.
 */
type LookupTables = Record<string, Record<string, unknown>>;

/** What a search asks, whichever way it came (POST body or GET query string). */
export type LookupSearch = Omit<PickerSearchRequest, "filters"> & {
  filters?: Record<string, unknown>;
  groups?: Record<string, string[]>;
};

const invalid = (field: string, message: string) => new InvalidRequestError(fieldMessage(field, message));

// Escapes LIKE's wildcards so a user's "50%" matches a literal percent sign.
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The one search every picker endpoint runs: ids (`pk__in`/`ids`) narrow, `exclude` leaves out,
 * `filters` match exactly, `OR`/`query` match any search field, then sort and page. `total` counts
 * every match before paging.
 */
export async function searchLookup(
  database: Kysely<Database>,
  model: LookupModel,
  search: LookupSearch,
): Promise<LookupSearchResponse> {
  const db = database.withTables<LookupTables>();
  const where = buildWhere(model, search);
  const { columns, descending } = sortOf(model, search.sort);
  const start = search.start ?? 0;
  const count = search.count ?? PICKER.defaultResultCount;

  const { total } = await where(db.selectFrom(`${model.table} as t`))
    .select((eb) => eb.fn.countAll<string | number>().as("total"))
    .executeTakeFirstOrThrow();

  let rows = db.selectFrom(`${model.table} as t`).selectAll("t");
  for (const join of model.joins ?? []) {
    rows = rows
      .leftJoin(`${join.table} as ${join.as}`, `${join.as}.id`, `t.${join.on}`)
      .select(join.columns.map((c) => sql.ref(`${join.as}.${c}`).as(`${join.as}_${c}`)));
  }
  let page = where(rows);
  for (const column of [...columns, "id"]) page = page.orderBy(sql.ref(`t.${column}`), descending ? "desc" : "asc");
  page = page.offset(start);
  if (count >= 0) page = page.limit(count);
  const found = await page.execute();

  const includes = search.__include ?? [];
  return {
    metadata: { success: true, errors: [] },
    items: found.map((row) => toItem(model, row as Record<string, unknown>, includes)),
    total: Number(total),
    count,
    start,
  };
}

function buildWhere(model: LookupModel, search: LookupSearch) {
  const wanted =
    search.pk__in !== undefined || search.ids !== undefined ? [...(search.pk__in ?? []), ...(search.ids ?? [])] : null;
  const exclude = search.exclude ?? [];
  const filters = Object.entries(search.filters ?? {}).map(
    ([field, value]) => [field, filterValue(model, field, value)] as const,
  );
  const matchers = textMatchers(model, search);
  const groups = Object.entries(search.groups ?? {}).map(
    ([param, values]) => [model.groups![param].column, values] as const,
  );

  return <O>(query: SelectQueryBuilder<LookupTables, "t", O>) => {
    let q = query;
    // Only the numeric ids were kept: a list of nothing but junk finds nothing, never everything.
    if (wanted) q = wanted.length ? q.where(sql.ref("t.id"), "in", wanted) : q.where(sql.lit(false));
    if (exclude.length) q = q.where(sql.ref("t.id"), "not in", exclude);
    for (const [column, values] of groups)
      q = values.length ? q.where(sql.ref(`t.${column}`), "in", values) : q.where(sql.lit(false));
    for (const [field, value] of filters)
      q = value === null ? q.where(sql.ref(`t.${field}`), "is", null) : q.where(sql.ref(`t.${field}`), "=", value);
    if (matchers.length)
      q = q.where((eb) => eb.or(matchers.map(([field, text]) => eb(sql.ref(`t.${field}`), "ilike", contains(text)))));
    return q;
  };
}

/** `OR` names its fields ({field}__icontains); a bare `query` searches every search field. */
function textMatchers(model: LookupModel, search: LookupSearch): Array<[string, string]> {
  if (search.OR && Object.keys(search.OR).length) {
    const matchers: Array<[string, string]> = [];
    for (const [key, value] of Object.entries(search.OR)) {
      const field = key.replace(/__icontains$/, "");
      if (!model.searchFields.includes(field)) throw invalid("OR", `Cannot search ${model.model} by "${key}".`);
      if (String(value).trim() !== "") matchers.push([field, String(value).trim()]);
    }
    return matchers;
  }
  const query = search.query?.trim();
  return query ? model.searchFields.map((f) => [f, query]) : [];
}

function filterValue(model: LookupModel, field: string, value: unknown): string | number | boolean | null {
  const kind = model.filters[field];
  if (!kind) throw invalid("filters", `Cannot filter ${model.model} by "${field}".`);
  if (value === null) return null;
  if (kind === "int") {
    const n = typeof value === "number" ? value : /^\d+$/.test(String(value).trim()) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n) || Math.abs(n) > PG_INT_MAX)
      throw invalid("filters", `${field} must be a whole number.`);
    return n;
  }
  if (kind === "bool") {
    if (value === true || value === "true" || value === 1 || value === "1") return true;
    if (value === false || value === "false" || value === 0 || value === "0") return false;
    throw invalid("filters", `${field} must be true or false.`);
  }
  return String(value);
}

/** A column, or `keyword`: the item's display string (`str`), as the §7 autocomplete asks. */
function sortOf(model: LookupModel, sort: string | undefined): { columns: string[]; descending: boolean } {
  const text = sort?.trim() || model.defaultSort;
  const descending = text.startsWith("-");
  const column = descending ? text.slice(1) : text;
  if (column === "keyword") return { columns: model.strColumns, descending };
  if (column !== "id" && !model.sortFields.includes(column)) {
    throw invalid(
      "sort",
      `Cannot sort ${model.model} by "${column}". Choose one of: ${["id", "keyword", ...model.sortFields].join(", ")}.`,
    );
  }
  return { columns: column === "id" ? [] : [column], descending };
}

function toItem(model: LookupModel, row: Record<string, unknown>, includes: string[]): LookupItem {
  const item: LookupItem = {
    id: Number(row.id),
    str: model.str(row),
    api_url: `${model.base}${row.id}/`,
    add_url: `/admin/${model.app}/${model.model}/add/`,
    search_fields: model.searchFields,
    api_display_fields: model.displayFields,
  };
  for (const field of model.displayFields) item[field] = jsonValue(row[field]);
  Object.assign(item, Object.fromEntries(Object.entries(model.extra?.(row) ?? {}).filter(([, v]) => v !== undefined)));
  // A sub-object when the model defines one, else a plain column of the row; unknown names are skipped.
  for (const name of includes) {
    if (model.includes?.[name]) item[name] = model.includes[name](row);
    else if (name in row && !(model.joins ?? []).some((j) => name.startsWith(`${j.as}_`)))
      item[name] = jsonValue(row[name]);
  }
  return item;
}

const jsonValue = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
