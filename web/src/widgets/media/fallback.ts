// The media player's rules (storefront §197, back-office §4 and §8): pure, unit-tested; the player
// (player.ts) only reads the element and applies what these decide.

/** Back-office §8's 'To play this media file, please download Flash Player.', reworded: no browser plays Flash today. */
export const UNPLAYABLE_MESSAGE = "This media file cannot be played in your browser.";

/** The only hosts the fallback frames (the CSP's `frame-src` names them: services/src/platform/http/security-headers.ts). */
export const EMBED_ORIGINS = {
  youtube: "https://www.youtube-nocookie.com",
  vimeo: "https://player.vimeo.com",
} as const;
export type VideoSite = keyof typeof EMBED_ORIGINS;

/** A video on a video site, as the media names it (by id, or by any of the site's page or embed urls). */
export type SiteVideo = { site: "youtube"; id: string } | { site: "vimeo"; id: string; hash: string | null };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/i;
const YOUTUBE_HOSTS = [
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
];
const VIMEO_HOSTS = ["vimeo.com", "www.vimeo.com", "player.vimeo.com"];

function urlOf(ref: string): URL | null {
  try {
    const url = new URL(ref);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

/** A YouTube video from an id or a watch, youtu.be, embed, shorts or live url; null for anything else. */
export function youtubeVideo(ref: string): SiteVideo | null {
  const value = ref.trim();
  if (YOUTUBE_ID.test(value)) return { site: "youtube", id: value };
  const url = urlOf(value);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  const path = url.pathname.split("/").filter(Boolean);
  const id =
    host === "youtu.be"
      ? path[0]
      : YOUTUBE_HOSTS.includes(host)
        ? path[0] === "watch"
          ? url.searchParams.get("v")
          : ["embed", "shorts", "live", "v"].includes(path[0] ?? "")
            ? path[1]
            : undefined
        : undefined;
  return id && YOUTUBE_ID.test(id) ? { site: "youtube", id } : null;
}

/** A Vimeo video from an id or a vimeo.com / player.vimeo.com url (with an unlisted video's hash); null for anything else. */
export function vimeoVideo(ref: string): SiteVideo | null {
  const value = ref.trim();
  if (VIMEO_ID.test(value)) return { site: "vimeo", id: value, hash: null };
  const url = urlOf(value);
  if (!url || !VIMEO_HOSTS.includes(url.hostname.toLowerCase())) return null;
  const path = url.pathname.split("/").filter(Boolean);
  const at = path.findIndex((segment) => VIMEO_ID.test(segment));
  if (at < 0) return null;
  const hash = url.searchParams.get("h") ?? path[at + 1] ?? null;
  return { site: "vimeo", id: path[at]!, hash: hash && VIMEO_HASH.test(hash) ? hash : null };
}

/** A video-site url of either site. */
export const siteVideoOf = (ref: string): SiteVideo | null => youtubeVideo(ref) ?? vimeoVideo(ref);

/**
 * Which video the media names, in this order: its `data-youtube` or `data-vimeo` (an id or url), else the
 * first video-site url among its own `src`, its `<source>`s and the links of its fallback content.
 */
export function namedVideo(named: { youtube?: string; vimeo?: string; urls: readonly string[] }): SiteVideo | null {
  const byAttribute =
    (named.youtube !== undefined ? youtubeVideo(named.youtube) : null) ??
    (named.vimeo !== undefined ? vimeoVideo(named.vimeo) : null);
  if (byAttribute) return byAttribute;
  for (const url of named.urls) {
    const video = urlOf(url) ? siteVideoOf(url) : null;
    if (video) return video;
  }
  return null;
}

/** The embed's address: muted autoplay when the media autostarts, and its start (and, on YouTube, end) time. */
export function embedUrl(video: SiteVideo, options: { autostart: boolean; start: number; end: number | null }): string {
  const params = new URLSearchParams();
  if (video.site === "youtube") {
    if (options.autostart) {
      params.set("autoplay", "1");
      params.set("mute", "1");
    }
    if (options.start > 0) params.set("start", String(Math.floor(options.start)));
    if (options.end !== null) params.set("end", String(Math.ceil(options.end)));
    const query = params.toString();
    return `${EMBED_ORIGINS.youtube}/embed/${video.id}${query ? `?${query}` : ""}`;
  }
  if (video.hash) params.set("h", video.hash);
  if (options.autostart) {
    params.set("autoplay", "1");
    params.set("muted", "1");
  }
  const query = params.toString();
  const start = options.start > 0 ? `#t=${Math.floor(options.start)}s` : "";
  return `${EMBED_ORIGINS.vimeo}/video/${video.id}${query ? `?${query}` : ""}${start}`;
}

// HTMLMediaElement's constants, written out so this module runs without a DOM.
const MEDIA_ERR_ABORTED = 1;
const NETWORK_NO_SOURCE = 3;

/**
 * Whether an HTML5 player cannot play its media: the element's own error (an unsupported type, a
 * network or decode error; not a load the visitor aborted), its last `<source>` failing (each source's
 * error is its own event; the element only gives up after the last), or, seen when the player mounts
 * after the errors fired, every source tried and none left.
 */
export function cannotPlay(state: {
  errorCode: number | null;
  networkState: number;
  sources: number;
  failedSource?: number;
}): boolean {
  if (state.errorCode !== null && state.errorCode !== MEDIA_ERR_ABORTED) return true;
  if (state.failedSource !== undefined) return state.failedSource === state.sources - 1;
  return state.sources > 0 && state.networkState === NETWORK_NO_SOURCE;
}

/** What a player that cannot play shows instead: the video site's embed when the media names one, else the message. */
export type Fallback = { kind: "embed"; src: string } | { kind: "message"; text: string };

export function fallbackFor(
  video: SiteVideo | null,
  options: { autostart: boolean; start: number; end: number | null },
): Fallback {
  return video ? { kind: "embed", src: embedUrl(video, options) } : { kind: "message", text: UNPLAYABLE_MESSAGE };
}

/** An on/off setting: present (or any value but false, 0, no, off) is on; absent is off. */
export function flag(value: string | undefined): boolean {
  return value !== undefined && !/^(false|0|no|off)$/i.test(value.trim());
}

/** The skin's CSS class on the player (`data-skin="dark"` → `media-skin-dark`); a name that is no plain word gives none. */
export function skinClass(value: string | undefined): string | null {
  const name = value?.trim().toLowerCase() ?? "";
  return /^[a-z0-9][a-z0-9-]{0,39}$/.test(name) ? `media-skin-${name}` : null;
}

/** An analytics event of the player (storefront §347: the old player's `analytic` setting). */
export type MediaAnalyticsEvent = { name: "media_play" | "media_complete"; src: string };

/**
 * Which analytics event a playback moment sends: a play counts once per playthrough (resuming after a
 * pause is the same one), the end (the file's, or the clip's end time) completes it, and the next play
 * after that is a new one.
 */
export function analyticsStep(
  moment: "play" | "end",
  playing: boolean,
): { send: MediaAnalyticsEvent["name"] | null; playing: boolean } {
  if (moment === "play") return { send: playing ? null : "media_play", playing: true };
  return { send: playing ? "media_complete" : null, playing: false };
}
