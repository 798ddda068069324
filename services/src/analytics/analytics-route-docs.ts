import { ANALYTICS_PATH, AnalyticsBatch, AnalyticsSummary, AnalyticsSummaryQuery } from "@shop/shared/analytics/api";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";
import { ANALYTICS_SUMMARY_PATH } from "./analytics-router.ts";

/** The analytics routes for /api/openapi.json (analytics-router.ts). */
export const ANALYTICS_ROUTES: RouteDoc[] = [
  {
    method: "POST",
    path: ANALYTICS_PATH,
    summary:
      "A page's analytics events (page views, cart adds and removes, downloads, shares, outbound clicks, checkout steps, purchases): no cookie, no personal data; 120 batches a minute per address",
    body: AnalyticsBatch,
    status: 201,
    refusals: ["TOO_MANY_REQUESTS", "REQUEST_TOO_LARGE"],
    fields: {},
  },
  {
    method: "GET",
    path: ANALYTICS_SUMMARY_PATH,
    summary: "The staff analytics page: the funnel, top pages, top products and each day's visitors and sales",
    query: AnalyticsSummaryQuery,
    answer: AnalyticsSummary,
  },
];
