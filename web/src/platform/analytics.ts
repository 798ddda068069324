import type { AnalyticsEvent } from "@shop/shared/analytics/api";
import { ANALYTICS_PATH } from "@shop/shared/analytics/constants";
import { isInternalLink, ORGANISATION_HOSTS } from "@shop/shared/domain/internal-link";
import { CSRF_HEADER, readCsrfCookie } from "@shop/shared/http/csrf";

/** What a page reports; its path is added when it is queued. */
export type PageEvent = Omit<AnalyticsEvent, "path"> & { path?: string };

const BATCH = 20;
const EVERY_MS = 5000;
const FILE = /\.(pdf|epub|mobi|zip|mp3|m4a|mp4|mov|docx?|pptx?|xlsx?)(\?|#|$)/i;

const queue: AnalyticsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

/** Sends what is queued (keepalive: a page being left still delivers it). */
function flush() {
  if (timer) clearTimeout(timer);
  timer = null;
  if (!queue.length || typeof window === "undefined") return;
  const events = queue.splice(0, BATCH);
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  const token = readCsrfCookie(document.cookie);
  if (token) headers[CSRF_HEADER] = token;
  fetch(ANALYTICS_PATH, { method: "POST", headers, body: JSON.stringify({ events }), keepalive: true }).catch(
    () => undefined,
  );
  if (queue.length) flush();
}

/**
 * Queues one event for the shop's own analytics (spec 1): sent in batches every few seconds and
 * when the page is hidden. No cookie and nothing about the person: the server only counts.
 */
export function track(event: PageEvent) {
  if (typeof window === "undefined") return; // server rendering
  queue.push({ ...event, path: event.path ?? window.location.pathname });
  if (queue.length >= BATCH) flush();
  else timer ??= setTimeout(flush, EVERY_MS);
}

/** How a click on a link counts: leaving the site, or a file to download; null for neither. */
export function classifyLink(href: string, download: boolean, here: string): PageEvent | null {
  let url: URL;
  try {
    url = new URL(href, here);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const internal = url.host === new URL(here).host || isInternalLink(url.href, { hosts: ORGANISATION_HOSTS });
  if (!internal) return { name: "outbound_click", target: url.host };
  if (download || FILE.test(url.pathname)) return { name: "download", target: url.pathname };
  return null;
}

/** Outbound clicks, downloads and the players' events, for the whole page; sent when it is hidden. */
export function installAnalytics() {
  document.addEventListener(
    "click",
    (event) => {
      const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!link) return;
      const found = classifyLink(link.getAttribute("href") ?? "", link.hasAttribute("download"), window.location.href);
      if (found) track(found);
    },
    { capture: true },
  );
  window.addEventListener("shop:analytics", (event) => {
    const { name, src } = (event as CustomEvent<{ name: "media_play" | "media_complete"; src?: string }>).detail ?? {};
    if (name === "media_play" || name === "media_complete") track({ name, target: src?.slice(0, 500) });
  });
  document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && flush());
  window.addEventListener("pagehide", flush);
}
