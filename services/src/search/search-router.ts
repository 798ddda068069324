import { Router } from "express";
import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import { PageSearchQuery, type PageSearchAnswer, type SuggestAnswer, SuggestQuery } from "@shop/shared/search/api";
import { parseQuery } from "../platform/http/validate.ts";
import { searchPages } from "./page-search.ts";
import { suggest } from "./suggestions.ts";

/**
 * GET /api/search/suggest/?q=: the search panel's suggestions from our own catalog and pages. The old
 * site asked a third-party engine by JSONP; the answer keeps its shape (the suggestions are the list's
 * second element, each with its text first).
 */
export function makeSearchRouter(deps: { db: Kysely<Database> }): Router {
  const router = Router();
  router.get("/api/search/suggest/", async (req, res) => {
    const { q } = parseQuery(SuggestQuery, req.query);
    const answer: SuggestAnswer = [q, await suggest(deps.db, q)];
    res.setHeader("Cache-Control", "public, max-age=60"); // the same for every visitor; a minute old is fine
    res.json(answer);
  });
  // The site search's pages section: products come from the store's own list (GET /api/store/products/?q=).
  router.get("/api/search/pages/", async (req, res) => {
    const { q } = parseQuery(PageSearchQuery, req.query);
    const answer: PageSearchAnswer = { metadata: { success: true }, q, ...(await searchPages(deps.db, q)) };
    res.setHeader("Cache-Control", "public, max-age=60");
    res.json(answer);
  });
  return router;
}
