import { SCHEDULED_ACTION_CONTENT_TYPE } from "../domain/constants.ts";
import { addPath, type AdminFormValues, type ReferenceLookup } from "./model-description.ts";
import { ADMIN_MODELS } from "./models.ts";

/** A content type a generic relation may point at: the lookup a picker uses for it (§3 `ct_field`). */
export interface ContentTypeLookup {
  id: number;
  app: string;
  model: string;
  label: string;
  api: string;
  addUrl?: string;
  searchFields?: string[];
  displayFields?: string[];
}

/**
 * Content types by id. 143 (content node) is the spec's; the others are this back office's own
 * numbers, so a type-driven picker can be pointed at any model with a lookup.
 */
export const CONTENT_TYPES: readonly ContentTypeLookup[] = [
  {
    id: SCHEDULED_ACTION_CONTENT_TYPE,
    app: "content",
    model: "contentnode",
    label: "Content node",
    api: "/admin/api/content/contentnode/",
    addUrl: "/admin/content/contentnode/add/",
    searchFields: ["name", "slug", "url"],
    displayFields: ["url"],
  },
  {
    id: 144,
    app: "tree",
    model: "menunode",
    label: "Menu node",
    api: "/admin/api/tree/menunode/",
    addUrl: "/admin/tree/menunode/add/",
    searchFields: ["name", "slug"],
    displayFields: ["url"],
  },
  {
    id: 145,
    app: "content",
    model: "keyword",
    label: "Keyword",
    api: "/admin/api/content/keyword-search/",
  },
];

/** The picker a reference field shows once its placeholders and content type are known. */
export interface ResolvedLookup {
  api: string;
  addUrl?: string;
  searchFields?: string[];
  displayFields?: string[];
}

const PLACEHOLDER = /\{(\w+)\}/g;

function fill(template: string, values: AdminFormValues): string | null {
  let missing = false;
  const out = template.replace(PLACEHOLDER, (_, name: string) => {
    const value = (values[name] ?? "").trim();
    if (!value) missing = true;
    return encodeURIComponent(value);
  });
  return missing ? null : out;
}

/**
 * Where a reference field's picker searches, given the rest of the form (§3 `placeholder_fields`,
 * `ct_field`): with a `ctField`, the content type chosen there picks the lookup (its api, add link,
 * search and display fields); `{field}` placeholders are filled from the form's fields. Null while
 * the form does not say yet (no type chosen, a placeholder field empty): the picker waits.
 */
export function resolveLookup(lookup: ReferenceLookup, values: AdminFormValues): ResolvedLookup | null {
  let base: ResolvedLookup = lookup;
  if (lookup.ctField) {
    const type = CONTENT_TYPES.find((t) => String(t.id) === (values[lookup.ctField!] ?? "").trim());
    if (!type) return null;
    base = { ...type, ...(lookup.searchFields ? { searchFields: lookup.searchFields } : {}) };
  }
  const api = fill(base.api, values);
  if (api === null) return null;
  const addUrl = base.addUrl ? (fill(base.addUrl, values) ?? undefined) : undefined;
  return { api, addUrl, searchFields: base.searchFields, displayFields: base.displayFields };
}

/**
 * The add page a lookup's records are made on, for the picker's add-another link (§2: on every picker
 * with an `add_url`): a content type's, or a described model's that can be added. None: no link.
 */
/** Lookups whose records a described model adds under another base (the picker's SKUs are the store's). */
const LOOKUP_MODELS: Record<string, string> = { "/admin/api/product/sku/": "store/sku" };

export function addUrlForLookup(api: string): string | undefined {
  const type = CONTENT_TYPES.find((t) => t.api === api && t.addUrl);
  if (type) return type.addUrl;
  const model = ADMIN_MODELS[LOOKUP_MODELS[api] ?? ""] ?? Object.values(ADMIN_MODELS).find((m) => m.api === api);
  if (!model?.creatable) return undefined;
  return `/admin${addPath(model)}`;
}
