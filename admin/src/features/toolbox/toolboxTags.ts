import { buildTag, RELATED_NODE_OPTIONS, type RestrictContentMode } from "@shop/shared";

// Each tool's tag, written by the shared `buildTag` so the toolbox inserts exactly what the page renderer parses.

export const getUrlsTag = (node: number | null, asLink: boolean) =>
  buildTag("get_urls", [], { ...(node ? { node } : {}), ...(asLink ? { as: "link" } : {}) });

// embed_media: what its id names (and so which picker the tool offers) is defined once in shared.
export { embedMediaTag } from "@shop/shared";

export const footnoteTag = (text: string) => buildTag("footnote", [text]);
export const footnoteIndexTag = () => buildTag("footnote_index");

export const scriptureTag = (reference: string, translation: string) => buildTag("scripture", [reference, translation]);

export type RelatedOptions = {
  relation: (typeof RELATED_NODE_OPTIONS.relationTypes)[number];
  relationFilter: (typeof RELATED_NODE_OPTIONS.relationFilters)[number];
  collectionFilter: (typeof RELATED_NODE_OPTIONS.collectionFilters)[number];
  count: string;
  node: number | null;
};

export const relatedNodesTag = (o: RelatedOptions) =>
  buildTag("get_related_contentnodes", [], {
    relation: o.relation,
    relation_filter: o.relationFilter,
    collection_filter: o.collectionFilter,
    ...(o.count ? { count: Number(o.count) } : {}),
    ...(o.node ? { node: o.node } : {}),
  });

/** The translations of a page: this one, or (`node`) the page of a chosen translation set. */
export const translationsTag = (node: number | null = null) => buildTag("get_translations", [], node ? { node } : {});

/** restrict_content is a block: the opening tag goes before the selection, the end tag after it. */
export const restrictContentTags = (mode: RestrictContentMode, group: string): [string, string] => [
  buildTag("restrict_content", [], { mode, ...(mode === "choosegroup" ? { group } : {}) }),
  buildTag("endrestrict_content"),
];

/** A count is typed with at most four digits. */
export const isCount = (text: string) =>
  text === "" || new RegExp(`^\\d{1,${RELATED_NODE_OPTIONS.maxCountDigits}}$`).test(text);
