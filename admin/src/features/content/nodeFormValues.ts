import { CONTENT_NODE_ERRORS, FORM_MESSAGES } from "@shop/shared";
import { formatSiteTimeInput, siteTimeProblemMessage, siteTimeToUtc } from "@shop/shared/domain/site-time";
import type { ContentNode, NodeChanges } from "./contentNodeApi";
import {
  EMPTY_PAGE_VALUES,
  PAGE_FIELD_LABELS,
  pageFieldDiffers,
  pageFieldErrors,
  pageFieldValue,
  toPageFormValues,
  type PageFieldName,
  type PageFormValues,
} from "./pageFieldValues";

/** The form's inputs, all as text: ids and date-times as typed. */
export type NodeFormValues = PageFormValues & {
  name: string;
  slug: string;
  parent: string;
  short_description: string;
  published: string;
  last_published: string;
  url: string;
  body: string;
  node_type: string;
};
export type FieldName = keyof NodeFormValues;
export type FieldErrors = Partial<Record<FieldName, string[]>>;

export const EMPTY_VALUES: NodeFormValues = {
  name: "",
  slug: "",
  parent: "",
  short_description: "",
  published: "",
  last_published: "",
  url: "",
  body: "",
  node_type: "",
  ...EMPTY_PAGE_VALUES,
};

const PAGE_FIELDS = new Set<string>(Object.keys(EMPTY_PAGE_VALUES));
const isPageField = (field: FieldName): field is PageFieldName => PAGE_FIELDS.has(field);

/** ISO from the server → 'yyyy-mm-dd hh:mm' in the site's zone, as staff type it. */
function toDateTimeText(iso: string | null, zone: string): string {
  if (!iso) return "";
  return Number.isNaN(new Date(iso).getTime()) ? iso : formatSiteTimeInput(iso, zone);
}

/** The form's values of a node; date-times in the site's zone `zone`. */
export function toFormValues(node: ContentNode | undefined, zone: string): NodeFormValues {
  if (!node) return EMPTY_VALUES;
  return {
    name: node.name,
    slug: node.slug,
    parent: node.parent === null ? "" : String(node.parent),
    short_description: node.short_description,
    published: toDateTimeText(node.published, zone),
    last_published: toDateTimeText(node.last_published, zone),
    url: node.url,
    body: node.body,
    node_type: node.node_type === null ? "" : String(node.node_type),
    ...toPageFormValues(node),
  };
}

/** Only the fields that differ from what was loaded, in the API's types (date-times as UTC ISO). */
export function changedFields(base: NodeFormValues, values: NodeFormValues, zone: string): NodeChanges {
  const changes: NodeChanges = {};
  for (const key of Object.keys(values) as FieldName[]) {
    if (isPageField(key)) {
      if (pageFieldDiffers(key, base[key], values[key]))
        (changes as Record<string, unknown>)[key] = pageFieldValue(key, values[key]);
      continue;
    }
    if (values[key] === base[key]) continue;
    const value = values[key].trim() === "" ? null : values[key];
    if (key === "parent" || key === "node_type") changes[key] = value === null ? null : Number(value);
    else if (key === "published" || key === "last_published") changes[key] = value === null ? null : toUtc(value, zone);
    else changes[key] = values[key];
  }
  return changes;
}

// A time the site's clocks skip stays as typed: validateNode refuses it before anything is sent.
const toUtc = (text: string, zone: string) => {
  const time = siteTimeToUtc(text, zone);
  return time.ok ? time.iso : text;
};

/** Blank, or 'yyyy-mm-dd hh:mm' naming a real moment in the site's zone (§5): undefined, or what is wrong. */
export function dateTimeError(text: string, zone: string): string | undefined {
  if (text.trim() === "") return undefined;
  const time = siteTimeToUtc(text, zone);
  return time.ok ? undefined : siteTimeProblemMessage(time.problem, FORM_MESSAGES.invalidDateTime);
}

/** The checks the browser can make before saving (back-office §5): required name, date-times and their pairing. */
export function validateNode(values: NodeFormValues, zone: string): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: FieldName, message: string) => {
    const list = errors[field] ?? [];
    if (!list.includes(message)) errors[field] = [...list, message];
  };
  if (values.name.trim() === "") add("name", FORM_MESSAGES.required);
  for (const field of ["published", "last_published"] as const) {
    const problem = dateTimeError(values[field], zone);
    if (problem) add(field, problem);
  }
  const published = values.published.trim() !== "";
  const lastPublished = values.last_published.trim() !== "";
  if (published && !lastPublished) add("last_published", CONTENT_NODE_ERRORS.publishedWithoutLastPublished);
  if (lastPublished && !published) add("published", CONTENT_NODE_ERRORS.lastPublishedWithoutPublished);
  for (const field of Object.keys(EMPTY_PAGE_VALUES) as PageFieldName[]) {
    for (const message of pageFieldErrors(field, values[field])) add(field, message);
  }
  return errors;
}

export const FIELD_LABELS: Record<FieldName, string> = {
  name: "Name",
  slug: "Slug",
  parent: "Contained in",
  short_description: "Short description",
  published: "Published",
  last_published: "Last published",
  url: "URL",
  body: "Body",
  node_type: "Node type",
  ...PAGE_FIELD_LABELS,
};
