import { z } from "zod";

/**
 * One route of the API for /api/openapi.json: method, Express path, and its request and answer
 * schemas from shared/. Each feature lists its own (`<feature>/*-route-docs.ts`, handed over by its
 * `index.ts`); the route-walk test (openapi.int.spec.ts) fails when a router gains a route that no
 * feature lists. `answer` left out means the answer has no shared schema yet: the document then
 * promises only the envelope, and says so.
 */
export interface RouteDoc {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  summary: string;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The whole answer (with its `metadata`) when shared/ has a schema for it. */
  answer?: z.ZodType;
  /** Fields known to be in the answer beside `metadata`, when there is no shared schema for it. */
  fields?: z.ZodRawShape;
  /** The answer's media type when it is not JSON (the docs page and its files). */
  mediaType?: string;
  /** Status of a success when not 200. */
  status?: 201;
}

/** The fields of a list answer beside `metadata`: its items, the total and the window shown. */
export const listFields = (item: z.ZodType = z.unknown()) => ({
  items: z.array(item),
  total: z.number(),
  count: z.number(),
  start: z.number(),
});
