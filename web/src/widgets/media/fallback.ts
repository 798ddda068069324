/**
 * The spec's Flash fallback, for today (spec 2): an HTML5 player that cannot play its file (a type the
 * browser lacks, a network error) gives way to the video site's embed when the media names one
 * (`data-youtube` / `data-vimeo`: an id or a link), else to the spec's message reworded.
 */
export const CANNOT_PLAY = "This media file cannot be played in your browser.";

export type Fallback = { kind: "embed"; src: string; title: string } | { kind: "message"; text: string };

const YOUTUBE_ID = /^[\w-]{6,20}$/;
const VIMEO_ID = /^\d{4,12}$/;

/** The video id in a bare id or a youtube.com / youtu.be / vimeo.com link; null when there is none. */
function idOf(value: string | undefined, site: "youtube" | "vimeo"): string | null {
  const text = value?.trim() ?? "";
  const pattern = site === "youtube" ? YOUTUBE_ID : VIMEO_ID;
  if (pattern.test(text)) return text;
  try {
    const url = new URL(text);
    const candidate =
      site === "youtube"
        ? url.hostname.endsWith("youtu.be")
          ? url.pathname.slice(1)
          : (url.searchParams.get("v") ?? url.pathname.split("/").pop())
        : url.pathname.split("/").filter(Boolean).pop();
    return candidate && pattern.test(candidate) ? candidate : null;
  } catch {
    return null;
  }
}

/** What replaces a player that cannot play: YouTube without its tracking cookies, Vimeo, or the message. */
export function fallbackFor(data: DOMStringMap, title: string): Fallback {
  const youtube = idOf(data.youtube, "youtube");
  if (youtube) return { kind: "embed", src: `https://www.youtube-nocookie.com/embed/${youtube}`, title };
  const vimeo = idOf(data.vimeo, "vimeo");
  if (vimeo) return { kind: "embed", src: `https://player.vimeo.com/video/${vimeo}`, title };
  return { kind: "message", text: CANNOT_PLAY };
}

/** A skin's class name: letters, digits and dashes only, so a body cannot smuggle other classes in. */
export const skinClass = (skin: string | undefined) =>
  skin && /^[a-z0-9-]{1,40}$/i.test(skin) ? `media-skin-${skin.toLowerCase()}` : null;
