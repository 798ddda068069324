// The widgets' rules that are not timings (back-office spec §4 and §9): pure, unit-tested.

import { isSameSitePath } from "@shop/shared/http/same-site-path";

/** Back-office §9: a swipe is a touch that lasts under 550 ms and moves over 20 px across. */
export const SWIPE = { maxMs: 550, minPx: 20 } as const;
/** Back-office §9: expanders and accordions act on phones only, widths up to 767 px. */
export const EXPANDER_MAX_WIDTH = 767;
export const PHONE_QUERY = `(max-width: ${EXPANDER_MAX_WIDTH}px)`;

/** The direction of a swipe (`next` for a move to the left), or null for a slow, short or mostly vertical touch. */
export function swipeDirection(dx: number, dy: number, ms: number): "next" | "previous" | null {
  if (ms >= SWIPE.maxMs || Math.abs(dx) <= SWIPE.minPx || Math.abs(dy) > Math.abs(dx)) return null;
  return dx < 0 ? "next" : "previous";
}

/**
 * Back-office §4: which items of an accordion group are open. On a phone, opening one closes the
 * others, and a lone item starts open; wider screens show every item open.
 */
export function accordionOpen(count: number, phone: boolean, opened: number | null): boolean[] {
  if (!phone) return Array.from({ length: count }, () => true);
  const open = opened ?? (count === 1 ? 0 : null);
  return Array.from({ length: count }, (_, i) => i === open);
}

/** Storefront §4: the progress ring shows 0 to 100 % and is complete at 100 %. */
export function ringProgress(value: string | undefined): { percent: number; complete: boolean } {
  const n = Number.parseFloat(value ?? "");
  const percent = Number.isFinite(n) ? Math.min(100, Math.max(0, n)) : 0;
  return { percent, complete: percent >= 100 };
}

/** A media element's start and end times (seconds) from `data-start`/`data-end`; an end before the start is ignored. */
export function mediaWindow(start: string | undefined, end: string | undefined): { start: number; end: number | null } {
  const s = Number.parseFloat(start ?? "");
  const e = Number.parseFloat(end ?? "");
  const from = Number.isFinite(s) && s > 0 ? s : 0;
  return { start: from, end: Number.isFinite(e) && e > from ? e : null };
}

/** Back-office §4: playback stops at the end time. */
export function pastEnd(currentTime: number, end: number | null): boolean {
  return end !== null && currentTime >= end;
}

export type OverlayKind = "inline" | "element" | "image" | "page" | "frame";
const KINDS: readonly string[] = ["inline", "element", "image", "page", "frame"];

/**
 * Back-office §2: what an overlay link shows. `data-overlay` says it; without it the href decides:
 * `#id` an element, an image file an image, this site a page fetched in the background, another a frame.
 */
export function overlayKind(declared: string | undefined, href: string, origin: string): OverlayKind | null {
  if (declared && KINDS.includes(declared)) return declared as OverlayKind;
  if (declared) return null;
  if (href.startsWith("#")) return "element";
  const url = safeUrl(href, origin);
  if (!url) return null;
  if (/\.(jpe?g|png|gif|webp|avif|svg)$/i.test(url.pathname)) return "image";
  return url.origin === origin ? "page" : "frame";
}

/** An http(s) url resolved against the page, or null (the sanitiser already dropped other schemes; this keeps mailto and tel out). */
export function safeUrl(href: string, origin: string): URL | null {
  try {
    const url = new URL(href, `${origin}/`);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/** The countdown's redirect: a page of this site only (an open redirect would serve phishing). */
export function sameSitePath(href: string | undefined, origin: string): string | null {
  const url = href ? safeUrl(href, origin) : null;
  const path = url && url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
  // A path of this origin may still read as another host (`https://shop//evil.example/` has the path `//evil.example/`).
  return path && isSameSitePath(path) ? path : null;
}
