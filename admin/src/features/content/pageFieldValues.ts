import {
  isImageSlug,
  isSitemapPriority,
  normaliseNumberInput,
  numberFieldRange,
  PAGE_FIELD_MESSAGES,
  SITEMAP_PRIORITY_FIELD,
  SORT_ORDER_FIELD,
} from "@shop/shared";

// The page fields of a content node (§3: foreign keys, many-to-many, image slug, integer, float) as the
// form holds them: text, like every other input, so drafts, dirty checks and the diff treat them alike.

/** Ids as text ('' for none); menu_nodes as comma-separated ids in the order the editor added them. */
export type PageFormValues = {
  sku: string;
  language_node: string;
  menu_nodes: string;
  image: string;
  sort_order: string;
  sitemap_priority: string;
};
export type PageFieldName = keyof PageFormValues;

/** A new node's page fields: the server's defaults. */
export const EMPTY_PAGE_VALUES: PageFormValues = {
  sku: "",
  language_node: "",
  menu_nodes: "",
  image: "",
  sort_order: "0",
  sitemap_priority: "0.5",
};

export const PAGE_FIELD_LABELS: Record<PageFieldName, string> = {
  sku: "SKU",
  language_node: "Language node",
  menu_nodes: "Menu nodes",
  image: "Image",
  sort_order: "Sort order",
  sitemap_priority: "Sitemap priority",
};

/** The page fields of a node as the API answers them (a version from the history may predate them). */
export type PageFieldsOfNode = {
  sku?: number | null;
  language_node?: number | null;
  menu_nodes?: number[];
  image?: string;
  sort_order?: number;
  sitemap_priority?: number;
};

const idText = (id: number | null | undefined) => (id == null ? "" : String(id));

export function toPageFormValues(node: PageFieldsOfNode): PageFormValues {
  return {
    sku: idText(node.sku),
    language_node: idText(node.language_node),
    menu_nodes: (node.menu_nodes ?? []).join(","),
    image: node.image ?? "",
    sort_order: String(node.sort_order ?? 0),
    sitemap_priority: String(node.sitemap_priority ?? 0.5),
  };
}

/** '3,1' → [3, 1]; anything not an id is dropped. */
export const idsOf = (text: string) =>
  text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number);
export const idsText = (ids: number[]) => ids.join(",");

/** Whether a page field's text differs in meaning: menu nodes are a set, so their order does not count. */
export function pageFieldDiffers(field: PageFieldName, before: string, after: string): boolean {
  if (field !== "menu_nodes") return before !== after;
  const a = [...new Set(idsOf(before))].sort((x, y) => x - y);
  const b = [...new Set(idsOf(after))].sort((x, y) => x - y);
  return a.join() !== b.join();
}

/** A page field's text in the API's type. Number fields are cleaned by the §5 rules first (dashes, clamping). */
export function pageFieldValue(field: PageFieldName, text: string): number | number[] | string | null {
  switch (field) {
    case "sku":
    case "language_node":
      return text.trim() === "" ? null : Number(text);
    case "menu_nodes":
      return idsOf(text);
    case "image":
      return text.trim();
    case "sort_order":
      return Number(normaliseNumberInput(text, SORT_ORDER_FIELD));
    case "sitemap_priority":
      return Number(normaliseNumberInput(text, SITEMAP_PRIORITY_FIELD));
  }
}

/** The form's checks of one page field (the server makes the same ones): its messages, none when fine. */
export function pageFieldErrors(field: PageFieldName, text: string): string[] {
  const value = text.trim();
  if (field === "image") return isImageSlug(value) ? [] : [PAGE_FIELD_MESSAGES.imageSlug];
  if (field === "sort_order") {
    if (!/^\d+$/.test(value)) return [PAGE_FIELD_MESSAGES.wholeNumber];
    return Number(value) > Number(numberFieldRange(SORT_ORDER_FIELD).max) ? [PAGE_FIELD_MESSAGES.sortOrderRange] : [];
  }
  if (field === "sitemap_priority") {
    if (!/^(\d+\.?\d*|\.\d+)$/.test(value)) return [PAGE_FIELD_MESSAGES.number];
    return isSitemapPriority(Number(value)) ? [] : [PAGE_FIELD_MESSAGES.sitemapPriorityRange];
  }
  return [];
}
