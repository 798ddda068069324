import { z } from "zod";
import { AD_KINDS, AdListQuery, CreateAdRequest, UpdateAdRequest } from "@shop/shared";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";

const BASE = "/admin/api/content/ad/";
const ad = {
  id: z.number(),
  title: z.string(),
  link_url: z.string(),
  image_url: z.string(),
  alt_text: z.string(),
  active: z.boolean(),
  kind: z.enum(AD_KINDS),
  version: z.number(),
};

/** The ads' back-office routes for /api/openapi.json (content pages answer their placed ads as `page.ads`). */
export const AD_ROUTES: RouteDoc[] = [
  {
    method: "POST",
    path: BASE,
    refusals: ["AD_EXISTS"],
    summary: "Add an ad",
    body: CreateAdRequest,
    status: 201,
    fields: ad,
  },
  {
    method: "GET",
    path: BASE,
    summary: "The ad list (count/start/sort, q over title and link)",
    query: AdListQuery,
    fields: { items: z.array(z.object(ad)), total: z.number(), count: z.number(), start: z.number() },
  },
  { method: "GET", path: `${BASE}:id/`, refusals: ["AD_NOT_FOUND"], summary: "One ad", fields: ad },
  {
    method: "PUT",
    path: `${BASE}:id/`,
    refusals: ["AD_NOT_FOUND"],
    summary: "Change an ad (every field, with expected_version)",
    body: UpdateAdRequest,
    fields: ad,
  },
];
