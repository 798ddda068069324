import { z } from "zod";
import { boundedText, pgInt } from "../http/request-fields.ts";

/**
 * The shop's own analytics (spec 1): what the pages send to POST /api/analytics/, kept in a table of
 * its own outside the event log. No cookie, no personal data: a visitor is an anonymous hash of the
 * day, the address and the browser, which changes every day (services/src/analytics/).
 */
export { ANALYTICS_PATH } from "./constants.ts";
export const ANALYTICS_EVENT_NAMES = [
  "page_view",
  "add_to_cart",
  "remove_from_cart",
  "download",
  "share",
  "outbound_click",
  "checkout_step",
  "purchase",
  "media_play",
  "media_complete",
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** A body larger than this is refused (413): a batch of 20 events is well under it. */
export const ANALYTICS_MAX_BYTES = 8192;
/** Batches per address per minute, per process. */
export const ANALYTICS_RATE = { points: 120, windowSeconds: 60 };

/** A path on this site, no query string kept (it may hold a token or an email). */
const sitePath = boundedText(500).refine((p) => p.startsWith("/"), "Enter a path on this site, starting with /.");

export const AnalyticsEvent = z.object({
  name: z.enum(ANALYTICS_EVENT_NAMES),
  path: sitePath.meta({ pattern: "^/", override: { examples: ["/store/"] } }),
  /** add_to_cart, remove_from_cart, purchase lines: the SKU code. */
  sku: boundedText(100).optional(),
  /** add/remove: the line's value; purchase: the order's total. In cents. */
  value_cents: z.number().int().min(0).max(100_000_000).optional(),
  /** checkout_step: 1 to 4. */
  step: z.number().int().min(1).max(4).optional(),
  /** outbound_click, download, share: where it goes (a host, a file's path, a network's name). */
  target: boundedText(500).optional(),
});
export type AnalyticsEvent = z.infer<typeof AnalyticsEvent>;

/** POST /api/analytics/: a page's events since its last send. */
export const AnalyticsBatch = z.object({ events: z.array(AnalyticsEvent).min(1).max(20) });
export type AnalyticsBatch = z.infer<typeof AnalyticsBatch>;

/** GET /admin/api/analytics/summary/?days=30 */
export const AnalyticsSummaryQuery = z.object({ days: pgInt({ min: 1, max: 366 }).default(30) });

const count = z.number().int().min(0);
/** What the staff analytics page shows for the last `days` days (UTC days, oldest first). */
export const AnalyticsSummary = z.object({
  metadata: z.object({ success: z.literal(true) }),
  days: count,
  /** Distinct visitors who viewed a page, added to a cart, reached checkout, bought. */
  funnel: z.object({ views: count, adds: count, checkouts: count, purchases: count }),
  top_pages: z.array(z.object({ path: z.string(), views: count })),
  top_products: z.array(z.object({ sku: z.string(), adds: count, value_cents: count })),
  by_day: z.array(z.object({ day: z.string(), visitors: count, views: count, purchases: count, revenue_cents: count })),
});
export type AnalyticsSummary = z.infer<typeof AnalyticsSummary>;
