import { z } from "zod";
import { defineEvent, type EventOf } from "../event-registry.ts";

// The records the picker looks up that no other feature owns yet: each is added once with its id
// (allocated by the caller), so the lookup catalog's tables rebuild from these events alone.

export const mediaFormatStream = (id: number) => `mediaformat-${id}`;
export const mediaFileStream = (id: number) => `mediafile-${id}`;
export const contentNodeTypeStream = (id: number) => `contentnodetype-${id}`;
export const dbTemplateStream = (id: number) => `dbtemplate-${id}`;
export const skuStream = (id: number) => `sku-${id}`;
export const contentLangNodeStream = (id: number) => `contentlangnode-${id}`;

const id = z.number().int().positive();

/** A media format (mp3, mp4, pdf...) media files are tagged with. */
export const MediaFormatAdded = defineEvent("MediaFormatAdded", z.object({ id, name: z.string(), slug: z.string() }));

/** A media file the toolbox's embed_media tag and pickers can refer to. */
export const MediaFileAdded = defineEvent(
  "MediaFileAdded",
  z.object({ id, name: z.string(), slug: z.string(), formatId: id.nullable(), fileUrl: z.string() }),
);

/** A content node type (page, article, collection...). */
export const ContentNodeTypeAdded = defineEvent(
  "ContentNodeTypeAdded",
  z.object({ id, name: z.string(), slug: z.string() }),
);

/** A page template kept in the database. */
export const DbTemplateAdded = defineEvent("DbTemplateAdded", z.object({ id, name: z.string(), slug: z.string() }));

/** A stock-keeping unit; its category follows from the code's prefix (back-office §3). */
export const SkuAdded = defineEvent(
  "SkuAdded",
  z.object({ id, sku: z.string(), name: z.string(), priceCents: z.number().int(), active: z.boolean() }),
);

/** A translation of a content node into another language. */
export const ContentLangNodeAdded = defineEvent(
  "ContentLangNodeAdded",
  z.object({ id, nodeId: id, language: z.string(), name: z.string(), slug: z.string(), status: z.string() }),
);

export const lookupCatalogEvents = [
  MediaFormatAdded,
  MediaFileAdded,
  ContentNodeTypeAdded,
  DbTemplateAdded,
  SkuAdded,
  ContentLangNodeAdded,
] as const;

export type LookupCatalogEvent = EventOf<typeof lookupCatalogEvents>;
