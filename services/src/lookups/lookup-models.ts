import { formatCents, SKU_CATEGORY_TABLE, type LookupItem } from "@shop/shared";

// biome-ignore lint/suspicious/noExplicitAny: rows of tables named at run time (lookup search); each model reads its own columns.
type Row = Record<string, any>;

/** One model the picker can search: where its rows live and how an item shows. Adding a model is a few lines here. */
export interface LookupModel {
  app: string;
  model: string;
  /** The picker's `api` attribute: the search POSTs here, current items load with GET here. */
  base: string;
  table: string;
  /** Searched by `query`, and the fields `OR` may name as `{field}__icontains`. */
  searchFields: string[];
  /** Columns copied into every item. */
  displayFields: string[];
  /** Columns `sort` may name (id and keyword always can). */
  sortFields: string[];
  /** The columns `str` is made of, in order: `sort=keyword` (the §7 autocomplete) sorts by them. */
  strColumns: string[];
  defaultSort: string;
  /** Exact-match filters (`filters` in the POST, or query parameters in a GET) and their value types. */
  filters: Record<string, "int" | "text" | "bool">;
  /** Parameters naming a list of wanted values of a column (`sku_groups=["books"]`): a row matches one of them. */
  groups?: Record<string, { column: string; values: readonly string[] }>;
  /** Other tables joined by id: `as` names the joined row's columns (`{as}_{column}`). */
  joins?: Array<{ table: string; as: string; on: string; columns: string[] }>;
  /** The item's `str`. */
  str: (row: Row) => string;
  /** status, type, format... */
  extra?: (row: Row) => Partial<LookupItem>;
  /** Foreign-key sub-objects added when `__include` names them. */
  includes?: Record<string, (row: Row) => unknown>;
  /** The base URL is shared with another feature's list/create: only picker-shaped requests are ours. */
  sharedBase?: boolean;
}

const titled = (value: string | null) => (value === null ? undefined : { id: value, title: value });
const ref = (id: number | null, str: string | null, base: string) =>
  id === null ? null : { id, str: str ?? "", api_url: `${base}${id}/` };

const CONTENT_NODE = "/admin/api/content/contentnode/";
const MENU_NODE = "/admin/api/tree/menunode/";

export const LOOKUP_MODELS: LookupModel[] = [
  {
    app: "content",
    model: "contentnode",
    base: CONTENT_NODE,
    table: "content_nodes",
    // url too: the parent picker offers it ("url__icontains").
    searchFields: ["name", "slug", "url"],
    displayFields: ["name", "slug", "url"],
    sortFields: ["name", "slug", "url", "status", "published", "updated_at"],
    strColumns: ["name"],
    defaultSort: "id",
    filters: { status: "text", parent_id: "int", node_type_id: "int", slug: "text" },
    joins: [
      { table: "content_nodes", as: "parent", on: "parent_id", columns: ["name"] },
      { table: "content_node_types", as: "node_type", on: "node_type_id", columns: ["name"] },
    ],
    str: (r) => r.name,
    extra: (r) => ({ status: titled(r.status), type: r.node_type_name ?? undefined }),
    includes: {
      parent: (r) => ref(r.parent_id, r.parent_name, CONTENT_NODE),
      node_type: (r) => ref(r.node_type_id, r.node_type_name, "/admin/api/content/contentnodetype/"),
    },
    sharedBase: true,
  },
  {
    app: "tree",
    model: "menunode",
    base: MENU_NODE,
    table: "menu_nodes",
    searchFields: ["name", "slug"],
    displayFields: ["name", "slug", "url"],
    sortFields: ["name", "slug", "url", "status"],
    strColumns: ["name"],
    defaultSort: "id",
    filters: { status: "text", parent_id: "int", slug: "text" },
    joins: [{ table: "menu_nodes", as: "parent", on: "parent_id", columns: ["name"] }],
    str: (r) => r.name,
    extra: (r) => ({ status: titled(r.status) }),
    includes: { parent: (r) => ref(r.parent_id, r.parent_name, MENU_NODE) },
    sharedBase: true,
  },
  {
    app: "content",
    model: "mediafile",
    base: "/admin/api/content/mediafile/",
    table: "media_files",
    searchFields: ["name", "slug"],
    displayFields: ["name", "slug", "file_url"],
    sortFields: ["name", "slug"],
    strColumns: ["name"],
    defaultSort: "id",
    filters: { format_id: "int", slug: "text" },
    joins: [{ table: "media_formats", as: "format", on: "format_id", columns: ["name"] }],
    str: (r) => r.name,
    extra: (r) => ({ format: r.format_name ?? null }),
    includes: { format: (r) => ref(r.format_id, r.format_name, "/admin/api/content/mediaformat/") },
  },
  named("content", "mediaformat", "media_formats"),
  named("content", "contentnodetype", "content_node_types"),
  { ...named("base", "dbtemplate", "db_templates"), searchFields: ["name", "slug"] },
  {
    app: "product",
    model: "sku",
    base: "/admin/api/product/sku/",
    table: "skus",
    searchFields: ["sku", "name"],
    displayFields: ["sku", "name", "price_cents"],
    sortFields: ["sku", "name", "price_cents"],
    strColumns: ["sku", "name"],
    defaultSort: "sku",
    filters: { active: "bool", sku: "text" },
    // A SKU group is a product category of back-office §3 (by the code's prefix), 'other' included.
    groups: { sku_groups: { column: "category", values: [...SKU_CATEGORY_TABLE.map((c) => c.category), "other"] } },
    str: (r) => `${r.sku} ${r.name}`,
    extra: (r) => ({
      type: r.category,
      status: { id: r.active ? 1 : 0, title: r.active ? "Active" : "Inactive" },
      price: formatCents(r.price_cents),
    }),
  },
  {
    // The catalog's products (projections/src/catalog), for a SKU's product and a product's related lists.
    app: "product",
    model: "product",
    base: "/admin/api/product/product/",
    table: "products",
    searchFields: ["title", "author", "series", "slug"],
    displayFields: ["title", "subtitle", "author", "series", "slug"],
    sortFields: ["title", "author", "series", "release_date"],
    strColumns: ["title"],
    defaultSort: "title",
    filters: { series: "text", author: "text", listed: "bool" },
    str: (r) => r.title,
    extra: (r) => ({ status: { id: r.listed ? 1 : 0, title: r.listed ? "Listed" : "Not listed" } }),
  },
  {
    app: "translation",
    model: "contentlangnode",
    base: "/admin/api/translation/contentlangnode/",
    table: "content_lang_nodes",
    searchFields: ["name", "slug"],
    displayFields: ["name", "slug", "language", "node_id"],
    sortFields: ["name", "slug", "language", "node_id"],
    strColumns: ["name", "language"],
    defaultSort: "id",
    filters: { node_id: "int", language: "text", status: "text" },
    joins: [{ table: "content_nodes", as: "node", on: "node_id", columns: ["name"] }],
    str: (r) => `${r.name} (${r.language})`,
    extra: (r) => ({ status: titled(r.status) }),
    includes: { node: (r) => ref(r.node_id, r.node_name, CONTENT_NODE) },
  },
];

/** A model that is just a name and a slug (the admin's small lists). */
function named(app: string, model: string, table: string): LookupModel {
  return {
    app,
    model,
    base: `/admin/api/${app}/${model}/`,
    table,
    searchFields: ["name"],
    displayFields: ["name", "slug"],
    sortFields: ["name", "slug"],
    strColumns: ["name"],
    defaultSort: "id",
    filters: { slug: "text" },
    str: (r) => r.name,
  };
}
