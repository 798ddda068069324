import { mediaWindow } from "../rules";
import {
  analyticsStep,
  cannotPlay,
  type Fallback,
  fallbackFor,
  flag,
  type MediaAnalyticsEvent,
  namedVideo,
  skinClass,
} from "./fallback";

/**
 * The window event the player's analytics go out as (`detail`: a MediaAnalyticsEvent). The site has no
 * analytics endpoint yet: whatever collects them later listens for this one event.
 */
export const ANALYTICS_EVENT = "shop:analytics";

/** A player's settings beyond its HTML5 attributes (storefront §2's media attributes autostart, analytic, skin). */
type Settings = { autostart: boolean; analytic: boolean; skin: string | null };

function settingsOf(media: HTMLMediaElement, reducedMotion: boolean): Settings {
  return {
    // Browsers start only a muted player by themselves; a visitor who asks for less motion starts it.
    autostart: flag(media.dataset.autostart) && !reducedMotion,
    analytic: flag(media.dataset.analytic),
    skin: skinClass(media.dataset.skin),
  };
}

const sourcesOf = (media: HTMLMediaElement) => Array.from(media.querySelectorAll("source"));

/**
 * Takes over one HTML5 player: its skin class, a muted autostart, analytics of its plays, and, when it
 * cannot play, its fallback. Everything is driven by the element's own events (error, play, ended):
 * nothing polls. Gives back `clipEnded` (for the end time, which stops the clip without an `ended`)
 * and how to let go, which puts the original element back.
 */
export function takeOverPlayer(
  media: HTMLMediaElement,
  reducedMotion: boolean,
): { clipEnded: () => void; release: () => void } {
  const settings = settingsOf(media, reducedMotion);
  const addedSkin = settings.skin && !media.classList.contains(settings.skin) ? settings.skin : null;
  if (addedSkin) media.classList.add(addedSkin);

  let replacement: HTMLElement | null = null;
  const fallBack = () => {
    if (replacement) return;
    media.pause();
    const { start, end } = mediaWindow(media.dataset.start, media.dataset.end);
    const video = namedVideo({
      youtube: media.dataset.youtube,
      vimeo: media.dataset.vimeo,
      urls: [
        media.getAttribute("src") ?? "",
        ...sourcesOf(media).map((s) => s.getAttribute("src") ?? ""),
        ...Array.from(media.querySelectorAll("a[href]"), (a) => a.getAttribute("href") ?? ""),
      ],
    });
    replacement = fallbackElement(fallbackFor(video, { autostart: settings.autostart, start, end }), media, settings);
    media.replaceWith(replacement);
  };
  // Capturing: a <source>'s error does not bubble to the element, and each source fails on its own.
  const onError = (event: Event) => {
    const source = event.target instanceof HTMLSourceElement ? sourcesOf(media).indexOf(event.target) : -1;
    const state = {
      errorCode: media.error?.code ?? null,
      networkState: media.networkState,
      sources: sourcesOf(media).length,
    };
    if (cannotPlay(source >= 0 ? { ...state, failedSource: source } : state)) fallBack();
  };
  media.addEventListener("error", onError, true);

  let playing = false;
  const report = (moment: "play" | "end") => {
    if (!settings.analytic) return;
    const step = analyticsStep(moment, playing);
    playing = step.playing;
    if (!step.send) return;
    const src = media.currentSrc || media.getAttribute("src") || sourcesOf(media)[0]?.src || "";
    window.dispatchEvent(new CustomEvent<MediaAnalyticsEvent>(ANALYTICS_EVENT, { detail: { name: step.send, src } }));
  };
  const onPlay = () => report("play");
  const onEnded = () => report("end");
  media.addEventListener("play", onPlay);
  media.addEventListener("ended", onEnded);

  // The page's markup may have failed before this code arrived: its error events are already gone.
  if (
    cannotPlay({
      errorCode: media.error?.code ?? null,
      networkState: media.networkState,
      sources: sourcesOf(media).length,
    })
  )
    fallBack();
  else if (settings.autostart) {
    media.muted = true;
    // A refused start (the browser's autoplay policy) leaves the player waiting for its Play button.
    void media.play().catch(() => undefined);
  }

  return {
    clipEnded: () => report("end"),
    release: () => {
      media.removeEventListener("error", onError, true);
      media.removeEventListener("play", onPlay);
      media.removeEventListener("ended", onEnded);
      if (addedSkin) media.classList.remove(addedSkin);
      replacement?.replaceWith(media);
    },
  };
}

/** The embed frame or the message, made as elements (nothing of the body is parsed as HTML). */
function fallbackElement(fallback: Fallback, media: HTMLMediaElement, settings: Settings): HTMLElement {
  const classes = (name: string) => [name, settings.skin].filter(Boolean).join(" ");
  if (fallback.kind === "embed") {
    const frame = document.createElement("iframe");
    frame.src = fallback.src;
    frame.title = media.title || media.getAttribute("aria-label") || "Video";
    frame.className = classes("widget-media-embed");
    for (const size of ["width", "height"]) {
      const value = media.getAttribute(size);
      if (value) frame.setAttribute(size, value);
    }
    frame.allow = "autoplay; encrypted-media; fullscreen; picture-in-picture";
    frame.allowFullscreen = true;
    // The video sites refuse to play in a frame that sends no referrer.
    frame.referrerPolicy = "strict-origin-when-cross-origin";
    frame.setAttribute(
      "sandbox",
      "allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox",
    );
    return frame;
  }
  const box = document.createElement("div");
  box.className = classes("widget-media-unplayable");
  box.setAttribute("role", "status");
  const text = document.createElement("p");
  text.textContent = fallback.text;
  // The fallback content's links (embed_media's download link) stay offered beside the message.
  const links = Array.from(media.querySelectorAll("a[href]"), (a) => {
    const line = document.createElement("p");
    line.append(a.cloneNode(true));
    return line;
  });
  box.append(text, ...links);
  return box;
}
