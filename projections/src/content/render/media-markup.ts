import { isAllowedBodyUrl } from "@shop/shared";
import { escapeHtml } from "./sanitize-html.ts";

/** A media file as the page shows it; `format` is its media format's slug (mp3, mp4, pdf...) when known. */
export interface MediaFile {
  url: string;
  title: string;
  format?: string | null;
}

// HTML5 players only (no Flash): the type comes from the media format, else from the url's extension.
const TYPES: Record<string, { element: "video" | "audio"; mime: string }> = {
  mp4: { element: "video", mime: "video/mp4" },
  m4v: { element: "video", mime: "video/mp4" },
  webm: { element: "video", mime: "video/webm" },
  ogv: { element: "video", mime: "video/ogg" },
  mov: { element: "video", mime: "video/quicktime" },
  mp3: { element: "audio", mime: "audio/mpeg" },
  m4a: { element: "audio", mime: "audio/mp4" },
  aac: { element: "audio", mime: "audio/aac" },
  oga: { element: "audio", mime: "audio/ogg" },
  ogg: { element: "audio", mime: "audio/ogg" },
  wav: { element: "audio", mime: "audio/wav" },
  flac: { element: "audio", mime: "audio/flac" },
};

export function mediaType(file: MediaFile): { element: "video" | "audio"; mime: string } | null {
  const extension = /\.([a-z0-9]+)(\?|#|$)/i.exec(file.url)?.[1]?.toLowerCase();
  return TYPES[file.format?.toLowerCase() ?? ""] ?? TYPES[extension ?? ""] ?? null;
}

/** A url a page may point at: relative, or http, https, mailto or tel (see shared/src/content/body-html.ts). */
export const safeUrl = isAllowedBodyUrl;

/** `type="file"`: the bare player (or a link for a file no browser plays). */
export function filePlayer(file: MediaFile, title: string, size: string): string {
  const src = escapeHtml(file.url);
  const t = escapeHtml(title);
  const type = mediaType(file);
  if (type?.element === "video")
    return `<video class="embed-media" controls preload="metadata" src="${src}" title="${t}"${size}></video>`;
  if (type?.element === "audio")
    return `<audio class="embed-media" controls preload="metadata" src="${src}" title="${t}"></audio>`;
  return `<a class="embed-media" href="${src}">${t || src}</a>`;
}

/**
 * `type="item"`: a media item as a figure: the player with a typed <source>, a download link for
 * browsers that cannot play it, and the title as caption. A file no browser plays is a download link.
 */
export function mediaItem(file: MediaFile, size = ""): string {
  const src = escapeHtml(file.url);
  const title = escapeHtml(file.title);
  const type = mediaType(file);
  if (!type) return `<a class="embed-media embed-media-item" href="${src}" download>${title || src}</a>`;
  const player = `<${type.element} controls preload="metadata"${type.element === "video" ? size : ""}><source src="${src}" type="${type.mime}"><a href="${src}" download>Download ${title || src}</a></${type.element}>`;
  return `<figure class="embed-media embed-media-item">${player}<figcaption>${title}</figcaption></figure>`;
}

/** `type="itemlistall"`: every item of a collection, each a link to its page and its media item if it has one. */
export function mediaList(items: Array<{ title: string; url: string; media: MediaFile | null }>): string {
  if (!items.length) return "";
  const rows = items.map(
    (i) => `<li><a href="${escapeHtml(i.url)}">${escapeHtml(i.title)}</a>${i.media ? mediaItem(i.media) : ""}</li>`,
  );
  return `<ul class="embed-media-list">${rows.join("")}</ul>`;
}
