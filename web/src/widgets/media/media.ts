import { fallbackFor, skinClass } from "./fallback";
import { joinPlayers } from "./oneAtATime";

/** The analytics port's event for a player (spec 2 `analytic`): play and complete, with the file. */
function track(name: "media_play" | "media_complete", media: HTMLMediaElement) {
  window.dispatchEvent(new CustomEvent("shop:analytics", { detail: { name, src: media.currentSrc || media.src } }));
}

/** Puts the video site's embed, or the message, where a player that cannot play was. */
function replace(media: HTMLMediaElement) {
  const fallback = fallbackFor(media.dataset, media.title || media.getAttribute("aria-label") || "Video");
  const stand = document.createElement(fallback.kind === "embed" ? "iframe" : "p");
  if (fallback.kind === "embed" && stand instanceof HTMLIFrameElement) {
    stand.src = fallback.src;
    stand.title = fallback.title;
    stand.className = "media-embed";
    stand.allow = "encrypted-media; picture-in-picture; fullscreen";
    stand.referrerPolicy = "strict-origin-when-cross-origin";
  } else {
    stand.className = "media-cannot-play";
    stand.setAttribute("role", "status");
    stand.textContent = fallback.kind === "message" ? fallback.text : "";
  }
  media.hidden = true;
  media.after(stand);
  return () => {
    stand.remove();
    media.hidden = false;
  };
}

/**
 * One HTML5 player of a page body (embed_media's, or hand-written): one plays at a time within its
 * start and end times; it falls back when it cannot play; `data-autostart` starts it muted (browsers
 * allow no other), `data-skin` names a class, `data-analytic` sends play and complete events. All of it
 * from the element's own events: no polling for a player to be ready (docs/decisions.md).
 */
function player(media: HTMLMediaElement): () => void {
  const leave = joinPlayers(media);
  const undo: Array<() => void> = [leave];
  const skin = skinClass(media.dataset.skin);
  if (skin) media.classList.add(skin);
  const failed = () => {
    if (!media.hidden) undo.push(replace(media));
  };
  // A <source> that fails leaves the element's networkState at NO_SOURCE once the last one has.
  const sourceFailed = () => {
    if (media.networkState === HTMLMediaElement.NETWORK_NO_SOURCE) failed();
  };
  media.addEventListener("error", failed);
  media.addEventListener("error", sourceFailed, true);
  undo.push(() => {
    media.removeEventListener("error", failed);
    media.removeEventListener("error", sourceFailed, true);
  });
  // The file may have failed before this code arrived.
  if (media.error || media.networkState === HTMLMediaElement.NETWORK_NO_SOURCE) failed();
  if (media.dataset.autostart !== undefined && media.dataset.autostart !== "false") {
    media.muted = true;
    const start = () => void media.play().catch(() => {});
    if (media.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) start();
    else media.addEventListener("canplay", start, { once: true });
    undo.push(() => media.removeEventListener("canplay", start));
  }
  if (media.dataset.analytic !== undefined && media.dataset.analytic !== "false") {
    const played = () => track("media_play", media);
    const ended = () => track("media_complete", media);
    media.addEventListener("play", played, { once: true });
    media.addEventListener("ended", ended);
    undo.push(() => {
      media.removeEventListener("play", played);
      media.removeEventListener("ended", ended);
    });
  }
  return () => {
    for (const off of undo.reverse()) off();
  };
}

/** Every HTML5 player of a page body. */
export function mount(root: HTMLElement) {
  const leave = Array.from(root.querySelectorAll<HTMLMediaElement>("video, audio"), player);
  return () => {
    for (const off of leave) off();
  };
}
