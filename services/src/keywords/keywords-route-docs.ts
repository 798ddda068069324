import { z } from "zod";
import { CreateKeywordRequest } from "@shop/shared";
import { KeywordQuery, KeywordSearchRequest } from "@shop/shared/keywords/api";
import { listFields as list, type RouteDoc } from "../platform/openapi/route-doc.ts";

/** Keywords (keywords-router.ts). */
export const KEYWORD_ROUTES: RouteDoc[] = [
  {
    method: "POST",
    path: "/admin/api/content/keyword/",
    refusals: ["KEYWORD_INVALID", "KEYWORD_EXISTS"],
    summary: "Create a keyword",
    body: CreateKeywordRequest,
    status: 201,
    fields: { id: z.number(), name: z.string(), slug: z.string() },
  },
  {
    method: "GET",
    path: "/admin/api/content/keyword/",
    summary: "Keywords (id, name, slug)",
    query: KeywordQuery,
    fields: list(z.object({ id: z.number(), name: z.string(), slug: z.string() })),
  },
  {
    method: "GET",
    path: "/admin/api/content/keyword/:id/",
    summary: "One keyword with its use counts",
    fields: { id: z.number(), name: z.string(), slug: z.string(), our_uses: z.number(), monthly_searches: z.number() },
  },
  {
    method: "GET",
    path: "/admin/api/content/keyword-stats/",
    summary: "Keywords with their use counts",
    query: KeywordQuery,
    fields: list(),
  },
  {
    method: "GET",
    path: "/admin/api/content/keyword-search/",
    summary: "Keywords best matching a text",
    query: KeywordSearchRequest,
    fields: list(),
  },
];
