import { EMBED_MEDIA_TYPES, type EmbedMediaType } from "../domain/constants.ts";
import { buildTag } from "./template-tags.ts";

/**
 * What the `id` of an `{% embed_media %}` tag names, per type: the one definition the toolbox
 * (which picker it offers), the tag syntax and the page renderer (what it looks up) share.
 * Embed *media* (spec §5 "Toolbox", §7 lookups mediafile and contentnode): no type names a product.
 *
 * | type | id names | renders |
 * |---|---|---|
 * | `file` | a media file | the bare HTML5 player |
 * | `item` | a media file | the media item: player, download link and caption |
 * | `itemlistall` | a content node (a collection) | each visible item of the collection with the media its page embeds |
 */
export const EMBED_MEDIA_TARGETS = {
  file: { names: "mediafile", lookup: "/admin/api/content/mediafile/", label: "Media file" },
  item: { names: "mediafile", lookup: "/admin/api/content/mediafile/", label: "Media file" },
  itemlistall: { names: "contentnode", lookup: "/admin/api/content/contentnode/", label: "Collection (page)" },
} as const satisfies Record<EmbedMediaType, { names: "mediafile" | "contentnode"; lookup: string; label: string }>;

export type EmbedMediaTarget = (typeof EMBED_MEDIA_TARGETS)[EmbedMediaType];

/** The type of a parsed tag's options (`file` when absent or unknown, as the tag has always defaulted). */
export function embedMediaType(options: Record<string, string>): EmbedMediaType {
  return (EMBED_MEDIA_TYPES as readonly string[]).includes(options.type ?? "")
    ? (options.type as EmbedMediaType)
    : "file";
}

/** The id a parsed tag names (null when missing or not a number), with what kind of record it is. */
export function embedMediaId(options: Record<string, string>): { names: EmbedMediaTarget["names"]; id: number } | null {
  if (!/^\d+$/.test(options.id ?? "")) return null;
  return { names: EMBED_MEDIA_TARGETS[embedMediaType(options)].names, id: Number(options.id) };
}

/** The tag the toolbox inserts for a record picked from `EMBED_MEDIA_TARGETS[type].lookup`. */
export const embedMediaTag = (type: EmbedMediaType, id: number) => buildTag("embed_media", [], { type, id });
