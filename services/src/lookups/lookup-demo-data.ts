import {
  contentLangNodeStream,
  contentNodeTypeStream,
  dbTemplateStream,
  mediaFileStream,
  mediaFormatStream,
  skuStream,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type LogPosition,
  type NewEvent,
} from "@shop/shared";

// Fixed ids: the demo runs once on an empty log, and nothing allocates ids for these kinds yet.
const FORMATS = [
  [1, "MP3 audio", "mp3"],
  [2, "MP4 video", "mp4"],
  [3, "PDF document", "pdf"],
] as const;
const FILES = [
  [1, "Ark Encounter Tour", "ark-encounter-tour", 2],
  [2, "Genesis Audio Study", "genesis-audio-study", 1],
  [3, "Visitor Guide", "visitor-guide", 3],
] as const;
const NODE_TYPES = [
  [1, "Page", "page"],
  [2, "Article", "article"],
  [3, "Collection", "collection"],
] as const;
const TEMPLATES = [
  [1, "One column", "one-column"],
  [2, "Two columns with sidebar", "two-columns-sidebar"],
] as const;
const SKUS = [
  [1, "10-1-101", "The New Answers Book 1", 1499],
  [2, "30-1-205", "Noah's Ark DVD", 1999],
  [3, "95-1-001", "Answers Magazine Subscription", 2400],
  [4, "60-1-010", "Ark Encounter T-Shirt", 1800],
] as const;
const LANG_NODES = [
  [1, 1, "es", "Inicio", "inicio"],
  [2, 2, "es", "Quiénes somos", "quienes-somos"],
  [3, 2, "de", "Über uns", "ueber-uns"],
] as const;

/** Adds the records the demo's pickers search: media formats and files, node types, templates, SKUs, translations. */
export async function seedLookupDemoData(store: EventStore, metadata: EventMetadata): Promise<LogPosition> {
  const add = (stream: string, type: string, data: unknown) =>
    store.append(stream, [{ type, data, metadata } as NewEvent], { expectedVersion: "no-stream" });
  let last: AppendResult | undefined;
  for (const [id, name, slug] of FORMATS)
    last = await add(mediaFormatStream(id), "MediaFormatAdded", { id, name, slug });
  for (const [id, name, slug, formatId] of FILES)
    last = await add(mediaFileStream(id), "MediaFileAdded", { id, name, slug, formatId, fileUrl: `/media/${slug}` });
  for (const [id, name, slug] of NODE_TYPES)
    last = await add(contentNodeTypeStream(id), "ContentNodeTypeAdded", { id, name, slug });
  for (const [id, name, slug] of TEMPLATES)
    last = await add(dbTemplateStream(id), "DbTemplateAdded", { id, name, slug });
  for (const [id, sku, name, priceCents] of SKUS)
    last = await add(skuStream(id), "SkuAdded", { id, sku, name, priceCents, active: true });
  for (const [id, nodeId, language, name, slug] of LANG_NODES) {
    last = await add(contentLangNodeStream(id), "ContentLangNodeAdded", {
      id,
      nodeId,
      language,
      name,
      slug,
      status: "Live",
    });
  }
  return last!.position;
}
