import type { AnalyticsEvent } from "@shop/shared/analytics/api";
import { ANALYTICS_META, ANALYTICS_PATH, parseAnalyticsSetting } from "@shop/shared/analytics/constants";
import { isInternalLink, ORGANISATION_HOSTS } from "@shop/shared/domain/internal-link";
import { CSRF_HEADER, readCsrfCookie } from "@shop/shared/http/csrf";

/** What a page reports; its path is added when it is queued. */
export type PageEvent = Omit<AnalyticsEvent, "path"> & { path?: string };

const BATCH = 20;
const EVERY_MS = 5000;
const FILE = /\.(pdf|epub|mobi|zip|mp3|m4a|mp4|mov|docx?|pptx?|xlsx?)(\?|#|$)/i;

const queue: AnalyticsEvent[] = [];
/** The third-party service's reporter when ANALYTICS names one (installAnalytics), else none. */
let forward: ((event: AnalyticsEvent) => void) | null = null;
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
  const full = { ...event, path: event.path ?? window.location.pathname };
  queue.push(full);
  forward?.(full);
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

type Queued = { (...args: unknown[]): void; q?: unknown[][] };
type AnalyticsWindow = Window & { dataLayer?: unknown[]; gtag?: Queued; plausible?: Queued };

/** Loads a service's script (its host is in the CSP only when ANALYTICS names it). */
function loadScript(src: string, attributes: Record<string, string> = {}) {
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.head.append(script);
}

/**
 * GA4 or Plausible when the page's meta tag names one (ANALYTICS): its script, and each of our events
 * forwarded with the same name. Page views are ours to send (single-page navigation), so automatic
 * ones are turned off. Nothing about the person is added.
 */
function installExternal(setting: string | null) {
  const service = parseAnalyticsSetting(setting);
  const w = window as AnalyticsWindow;
  if (service?.kind === "ga4") {
    w.dataLayer = w.dataLayer ?? [];
    // gtag's queue, as Google's snippet defines it (its script reads the arguments objects).
    w.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag reads the arguments object itself
      w.dataLayer?.push(arguments);
    };
    w.gtag("js", new Date());
    w.gtag("config", service.id, { send_page_view: false, anonymize_ip: true });
    loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(service.id)}`);
    forward = ({ name, path, sku, value_cents, step, target }) =>
      w.gtag?.("event", name, {
        page_path: path,
        ...(sku && { items: [{ item_id: sku }] }),
        ...(value_cents !== undefined && { value: value_cents / 100, currency: "USD" }),
        ...(step !== undefined && { step }),
        ...(target && { link_url: target }),
      });
  } else if (service?.kind === "plausible") {
    // Plausible's queue, as its snippet defines it: calls made before its script arrives wait in `q`.
    const queued: Queued = (...args: unknown[]) => {
      queued.q = queued.q ?? [];
      queued.q.push(args);
    };
    w.plausible = w.plausible ?? queued;
    loadScript("https://plausible.io/js/script.manual.js", { "data-domain": service.domain });
    forward = ({ name, path, ...props }) =>
      name === "page_view"
        ? w.plausible?.("pageview", { u: new URL(path, window.location.origin).href })
        : w.plausible?.(name, { props: Object.fromEntries(Object.entries(props).map(([k, v]) => [k, String(v)])) });
  }
}

/** Outbound clicks, downloads and the players' events, for the whole page; sent when it is hidden. */
export function installAnalytics() {
  installExternal(document.querySelector(`meta[name="${ANALYTICS_META}"]`)?.getAttribute("content") ?? null);
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
