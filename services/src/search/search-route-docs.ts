import { PageSearchAnswer, PageSearchQuery, SuggestAnswer, SuggestQuery } from "@shop/shared/search/api";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";

/** The search routes for /api/openapi.json (services/src/search/search-router.ts). */
export const SEARCH_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/api/search/suggest/",
    summary: "Suggestions for ?q= from listed products and Live pages: [q, [[text, url, kind], ...]]",
    query: SuggestQuery,
    answer: SuggestAnswer,
  },
  {
    method: "GET",
    path: "/api/search/pages/",
    summary: "The site search's pages: Live content pages whose title, summary or public text match ?q=, best first",
    query: PageSearchQuery,
    answer: PageSearchAnswer,
  },
];
