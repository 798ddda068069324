import { z } from "zod";
import { numberFieldRange, type NumberFieldOptions } from "../domain/number-field.ts";
import { slugify } from "../domain/slug.ts";
import {
  ID_LIST_MAX,
  idOfItem,
  tooManyItems,
  nullableId as nullableIdField,
  positiveId as positiveIdField,
} from "../http/request-fields.ts";

// The content-page fields of back-office §3 beyond the first slice: the foreign keys sku and
// language_node, the many-to-many menu_nodes, an image slug, an integer and a float field.

/** `sort_order`: a whole number (a §5 "digits" number field); lower numbers list first among siblings. */
export const SORT_ORDER_FIELD: NumberFieldOptions = { format: "digits", notNull: true };
/** `sitemap_priority`: a decimal number field, 0.0 to 1.0 as sitemaps.org defines it. */
export const SITEMAP_PRIORITY_FIELD: NumberFieldOptions = { format: "decimal", notNull: true, maxLength: 6 };
export const SITEMAP_PRIORITY_RANGE = { min: 0, max: 1 } as const;
/** Longest image slug accepted. */
export const IMAGE_SLUG_MAX_LENGTH = 100;

/** The field messages of the page fields, the same in the form and in the API's 'field: message' lines. */
export const PAGE_FIELD_MESSAGES = {
  wholeNumber: "Enter a whole number.",
  number: "Enter a number.",
  sortOrderRange: `Enter a whole number from 0 to ${numberFieldRange(SORT_ORDER_FIELD).max}.`,
  sitemapPriorityRange: "Enter a priority from 0.0 to 1.0.",
  imageSlug: "Enter a valid image slug: lowercase letters, digits and single hyphens.",
  invalidChoice: "Select a valid choice. That choice is not one of the available choices.",
  invalidChoices: (ids: number[]) =>
    `Select a valid choice. ${ids.join(", ")} ${ids.length === 1 ? "is" : "are"} not one of the available choices.`,
} as const;

/** The values a node has when its events say nothing of these fields (events written before them). */
export const NODE_PAGE_FIELD_DEFAULTS = {
  skuId: null as number | null,
  languageNodeId: null as number | null,
  menuNodeIds: [] as number[],
  image: "",
  sortOrder: 0,
  sitemapPriority: 0.5,
};

/** Blank, or already a slug: what slugify leaves unchanged (so 'Ark Photo' or 'ark--photo' are refused). */
export const isImageSlug = (value: string) => value === "" || slugify(value) === value;

/** Whether a priority is within 0.0–1.0. */
export const isSitemapPriority = (value: number) =>
  value >= SITEMAP_PRIORITY_RANGE.min && value <= SITEMAP_PRIORITY_RANGE.max;

const sortOrderMax = Number(numberFieldRange(SORT_ORDER_FIELD).max);

/** The page fields as events store them (camelCase); part of NodeFieldsSchema. */
export const NodePageFieldsSchema = z.object({
  skuId: z.number().int().positive().nullable(),
  languageNodeId: z.number().int().positive().nullable(),
  menuNodeIds: z.array(z.number().int().positive()),
  image: z.string(),
  sortOrder: z.number().int().min(0),
  sitemapPriority: z.number().min(0).max(1),
});
export type NodePageFields = z.infer<typeof NodePageFieldsSchema>;
export const NODE_PAGE_FIELD_NAMES = Object.keys(NodePageFieldsSchema.shape) as Array<keyof NodePageFields>;

/** The same fields with their defaults: what a created event read back holds when it was written without them. */
export const NodePageFieldsWithDefaults = z.object({
  skuId: NodePageFieldsSchema.shape.skuId.default(null),
  languageNodeId: NodePageFieldsSchema.shape.languageNodeId.default(null),
  menuNodeIds: NodePageFieldsSchema.shape.menuNodeIds.default(() => []),
  image: z.string().default(""),
  sortOrder: NodePageFieldsSchema.shape.sortOrder.default(NODE_PAGE_FIELD_DEFAULTS.sortOrder),
  sitemapPriority: NodePageFieldsSchema.shape.sitemapPriority.default(NODE_PAGE_FIELD_DEFAULTS.sitemapPriority),
});

// ---- request side (snake_case, as the admin form and the in-page bar send them) ----

const positiveId = positiveIdField({ message: PAGE_FIELD_MESSAGES.wholeNumber });
const nullableId = nullableIdField({ message: PAGE_FIELD_MESSAGES.wholeNumber });

/** Ids as numbers, numeric strings or `{id}` objects (the picker's items); repeats dropped, order kept. */
const idList = z
  .array(z.preprocess(idOfItem, positiveId), { error: "Enter a list of ids." })
  .max(ID_LIST_MAX, tooManyItems(ID_LIST_MAX))
  .transform((ids) => [...new Set(ids)]);

/** A whole number typed or sent as text; blank means 0 (the field is not-null). */
const sortOrder = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? 0 : /^\d+$/.test(v.trim()) ? Number(v.trim()) : v) : v),
  z
    .number({ error: PAGE_FIELD_MESSAGES.wholeNumber })
    .int(PAGE_FIELD_MESSAGES.wholeNumber)
    .min(0, PAGE_FIELD_MESSAGES.sortOrderRange)
    .max(sortOrderMax, PAGE_FIELD_MESSAGES.sortOrderRange),
);

/** A decimal typed or sent as text, 0.0 to 1.0. */
const sitemapPriority = z.preprocess(
  (v) => (typeof v === "string" && /^\s*-?\d*(\.\d+)?\s*$/.test(v) && /\d/.test(v) ? Number(v) : v),
  z
    .number({ error: PAGE_FIELD_MESSAGES.number })
    .refine((n) => Number.isFinite(n), PAGE_FIELD_MESSAGES.number)
    .refine(isSitemapPriority, PAGE_FIELD_MESSAGES.sitemapPriorityRange),
);

const image = z
  .string({ error: PAGE_FIELD_MESSAGES.imageSlug })
  .trim()
  .max(IMAGE_SLUG_MAX_LENGTH)
  .refine(isImageSlug, PAGE_FIELD_MESSAGES.imageSlug);

/** The page fields of a create or update request; each may be left out. */
export const pageFieldRequest = {
  sku: nullableId.optional(),
  language_node: nullableId.optional(),
  menu_nodes: idList.optional(),
  image: image.optional(),
  sort_order: sortOrder.optional(),
  sitemap_priority: sitemapPriority.optional(),
};

/** API names of the page fields, by their event names (answers, history, 'field: message' lines). */
export const PAGE_FIELD_API_NAMES: Record<keyof NodePageFields, string> = {
  skuId: "sku",
  languageNodeId: "language_node",
  menuNodeIds: "menu_nodes",
  image: "image",
  sortOrder: "sort_order",
  sitemapPriority: "sitemap_priority",
};
