import { LookupSearchResponse, PickerQueryString, PickerSearchRequest } from "@shop/shared";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";
import { LOOKUP_MODELS } from "./lookup-models.ts";

/** The record picker's calls for every lookup model (services/src/lookups/lookups-router.ts). */
function lookupRoutes(): RouteDoc[] {
  return LOOKUP_MODELS.flatMap(({ base, sharedBase }): RouteDoc[] => [
    ...(sharedBase
      ? []
      : [
          {
            method: "POST" as const,
            path: base,
            summary: "Picker search",
            body: PickerSearchRequest,
            answer: LookupSearchResponse,
          },
        ]),
    {
      method: "POST",
      path: `${base}query/`,
      summary: "Picker search",
      body: PickerSearchRequest,
      answer: LookupSearchResponse,
    },
    {
      method: "GET",
      path: base,
      summary: "Picker search or load by ids, from the query string",
      query: PickerQueryString,
      answer: LookupSearchResponse,
    },
    {
      method: "GET",
      path: `${base}query/`,
      summary: "Picker search, from the query string",
      query: PickerQueryString,
      answer: LookupSearchResponse,
    },
    ...(sharedBase
      ? []
      : [
          {
            method: "GET" as const,
            path: `${base}:id/`,
            summary: "One picker item (an item's api_url): `{metadata, ...LookupItem}`",
            query: PickerQueryString.pick({ __include: true }),
          },
        ]),
  ]);
}

/** The record picker's routes for /api/openapi.json (lookups-router.ts). */
export const LOOKUP_ROUTES: RouteDoc[] = lookupRoutes();
