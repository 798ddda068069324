import { z } from "zod";
import type { ErrorCode } from "@shop/shared";

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
  /** A redirect the route answers a browser with (303 to a page), beside its JSON answer. */
  redirect?: { status: 303; description: string };
  /** A second success the route gives (POST contentnode: 201 created, or 200 for a picker search). */
  alsoAnswers?: { status: 200 | 503; description: string; answer?: z.ZodType };
  /**
   * Every refusal the route gives beyond those its shape implies (document.ts adds bad input, the
   * staff and CSRF checks, an unknown id, a busy or absent database): each code's status comes from
   * the error table. The answer check (answer-check.ts) fails a test whose answer carries a status or
   * code that is not listed here.
   */
  refusals?: readonly ErrorCode[];
  /** Shoppers only: a visitor gets 401 LOGIN_REQUIRED. */
  signedIn?: true;
  /** The stable `operationId` (featureVerbNoun) when the one derived from the path reads badly. */
  operationId?: string;
  /** The feature that lists the route (filled by routeDocsOf from features.ts): its tag and operationId's prefix. */
  feature?: string;
}

/** The fields of a list answer beside `metadata`: its items, the total and the window shown. */
export const listFields = (item: z.ZodType = z.unknown()) => ({
  items: z.array(item),
  total: z.number(),
  count: z.number(),
  start: z.number(),
});
