import { z } from "zod";
import { IdSchema } from "@shop/shared";
import type { RouteDoc } from "./route-doc.ts";

export type { RouteDoc } from "./route-doc.ts";

/** The routes app.ts itself answers: health, readiness and this document. */
const PLATFORM_ROUTES: RouteDoc[] = [
  { method: "GET", path: "/healthz", summary: "Liveness (no envelope)", answer: z.object({ status: z.literal("ok") }) },
  {
    method: "GET",
    path: "/readyz",
    summary: "Readiness (no envelope): 200 once the read models caught up at start, else 503",
    answer: z.object({ status: z.literal("ready") }),
    alsoAnswers: {
      status: 503,
      description: "Not ready: starting, stopping, the database out of reach, or a read model stopped on an event",
      answer: z.union([
        z.object({ status: z.enum(["starting", "stopping", "database-unavailable"]) }),
        z.object({
          status: z.literal("failed"),
          failed: z.array(z.object({ projection: z.string() }).catchall(z.unknown())),
        }),
      ]),
    },
  },
  {
    method: "GET",
    path: "/api/openapi.json",
    summary: "This document (no envelope)",
    answer: z.record(z.string(), z.unknown()),
  },
  {
    method: "GET",
    path: "/api/docs/",
    summary: "This document as a readable page (Swagger UI)",
    mediaType: "text/html",
    answer: z.string(),
  },
  {
    method: "GET",
    path: "/api/docs/:file",
    summary: "The page's script and style sheet: swagger-ui-bundle.js, swagger-ui.css, start.js",
    mediaType: "*/*",
    answer: z.string(),
  },
];

/**
 * Every route of the API for /api/openapi.json: the platform's, then each feature's route docs in the
 * features' order (services/src/features.ts hands them over). The route-walk test
 * (openapi.int.spec.ts) fails when a router gains a route that is not listed.
 */
export function apiRoutes(featureRoutes: readonly RouteDoc[]): RouteDoc[] {
  return [...PLATFORM_ROUTES, ...featureRoutes];
}

/** A path's parameters: `:id` is a record id (1 to 2147483647), any other is text. */
export function pathParams(path: string): z.ZodObject | undefined {
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  return names.length
    ? z.object(Object.fromEntries(names.map((n) => [n, n === "id" ? IdSchema : z.string()])))
    : undefined;
}
