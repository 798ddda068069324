import { z } from "zod";
import { createDocument, type oas31, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { CSRF_COOKIE, CSRF_HEADER, ERROR_CODES, type ErrorCode, Metadata } from "@shop/shared";
import { SESSION_COOKIE } from "../http/session-id.ts";
import { ERROR_STATUS } from "../http/error-answers.ts";
import type { RouteDoc } from "./route-doc.ts";
import { apiRoutes, pathParams } from "./routes.ts";

/** `/x/:id/` (Express) as `/x/{id}/` (OpenAPI). */
export const openApiPath = (expressPath: string) => expressPath.replace(/:(\w+)/g, "{$1}");

/**
 * The envelope and error answers, built with the document: each code's status comes from the table
 * the error middleware answers with, complete once app.ts has handed it the features' statuses.
 */
function errorSchemas() {
  // Each code with its status.
  const CODES_WITH_STATUS = ERROR_CODES.map((code) => `${code} (${ERROR_STATUS[code]})`).join(", ");
  /** The `metadata` block of every answer; `code` names the error for programs. */
  const Envelope = Metadata.extend({
    warnings: z
      .array(z.string())
      .optional()
      .meta({ description: "NODE_HAS_WARNINGS: what to confirm before saving again with ignore_warnings." }),
    code: z
      .enum(ERROR_CODES)
      .optional()
      .meta({
        description:
          "The error's stable code, on every error answer: switch on it rather than on the message. " +
          `Codes and their statuses: ${CODES_WITH_STATUS}. ALREADY_LOCKED adds \`lock\` (the holder); ` +
          "STALE_VERSION adds `saved_by`, `saved_at` and `version`; NODE_HAS_WARNINGS lists `metadata.warnings`.",
      }),
  }).meta({
    id: "Metadata",
    description:
      "On errors `success` is false, `message` is one line for people and `errors` lists 'field: message' lines (`__all__: ...` for the whole request).",
  });

  /** The envelope of every refusal; each route's answers narrow its `code` to the codes it gives. */
  const ErrorMetadata = Envelope.extend({ success: z.literal(false), code: Envelope.shape.code.unwrap() }).meta({
    id: "ErrorMetadata",
  });
  /** An error answer whose `metadata.code` is one of `codes`: the refusals one status stands for on one route. */
  const errorResponse = (description: string, codes: readonly ErrorCode[]) => ({
    description,
    content: {
      "application/json": {
        schema: z
          .object({
            metadata: ErrorMetadata.and(z.looseObject({ code: z.enum(codes as [ErrorCode, ...ErrorCode[]]) })),
          })
          .catchall(z.unknown()),
      },
    },
  });
  return { Envelope, errorResponse };
}

const SESSION = { session: [] };
const CSRF = { csrfHeader: [], csrfCookie: [] };

/** What each status means, whatever the route: the start of its description. */
const STATUS_MEANING: Record<number, string> = {
  400: "Bad input: 'field: message' lines in metadata.errors; nothing written.",
  401: "Not signed in.",
  403: "Refused: not staff, or a missing or wrong CSRF token on a write.",
  404: "Nothing there (no record with that id).",
  409: "Refused by a rule, a lock or a newer version.",
  410: "Gone.",
  413: "The request is too large.",
  415: "The body is not UTF-8 JSON.",
  422: "Refused by the payment gateway.",
  429: "Too many attempts: wait (Retry-After) and try again.",
  502: "A service the shop calls failed.",
  503: "Saved but not visible yet, the database out of reach, or the shop too busy: try again (Retry-After).",
};

/**
 * Every code a route can answer with: its own refusals (`refusals`) and those its shape implies: bad
 * input when it reads any, an unknown id under a path id, the staff and CSRF checks, a write racing
 * another, and a database out of reach.
 */
export function refusalsOf(route: RouteDoc): ErrorCode[] {
  const admin = route.path.startsWith("/admin/");
  const unsafe = route.method !== "GET";
  const codes = new Set<ErrorCode>(route.refusals ?? []);
  // Every /api and /admin route refuses a NUL character anywhere in its query (refuseNullCharacters).
  if (route.query || route.body || /^\/(api|admin)\//.test(route.path)) codes.add("INVALID_REQUEST");
  if (route.body) codes.add("REQUEST_TOO_LARGE").add("UNSUPPORTED_ENCODING");
  if (route.path.includes(":")) codes.add("NOT_FOUND");
  if (admin) codes.add("LOGIN_REQUIRED").add("STAFF_REQUIRED");
  if (route.signedIn) codes.add("LOGIN_REQUIRED");
  // A body with expected_version is checked against the record's version (409 STALE_VERSION when behind).
  const shape = (route.body as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (shape && "expected_version" in shape) codes.add("STALE_VERSION");
  if (unsafe) codes.add("CSRF_FAILED").add("CONCURRENT_CHANGE").add("NOT_VISIBLE_YET");
  codes.add("DATABASE_UNAVAILABLE");
  // Every API request may be shed when the shop is overloaded (http/shed-load.ts), before it reads anything.
  if (/^\/(api|admin\/api|admin\/base)\//.test(route.path)) codes.add("SERVER_BUSY");
  return [...codes];
}

function operation(
  route: RouteDoc,
  { Envelope, errorResponse }: ReturnType<typeof errorSchemas>,
): ZodOpenApiOperationObject {
  const admin = route.path.startsWith("/admin/");
  const path = pathParams(route.path);
  const unsafe = route.method !== "GET";
  const answer =
    route.answer ??
    z
      .object({ metadata: Envelope, ...route.fields })
      .catchall(z.unknown())
      .meta({ description: "Only the fields listed are described: this answer has no shared schema yet." });
  const responses: ZodOpenApiOperationObject["responses"] = {
    [route.status ?? 200]: {
      description: "Success",
      content: { [route.mediaType ?? "application/json"]: { schema: answer } },
    },
  };
  if (route.redirect)
    responses[String(route.redirect.status) as "303"] = {
      description: route.redirect.description,
      headers: { Location: { description: "The page to go to", schema: { type: "string" } } },
    };
  if (route.alsoAnswers)
    responses[String(route.alsoAnswers.status) as "200"] = {
      description: route.alsoAnswers.description,
      content: {
        "application/json": {
          schema: route.alsoAnswers.answer ?? z.object({ metadata: Envelope }).catchall(z.unknown()),
        },
      },
    };
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of refusalsOf(route)) {
    const status = ERROR_STATUS[code] ?? 500;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b))
    responses[String(status) as "400"] = errorResponse(
      `${STATUS_MEANING[status] ?? "Refused."} Codes: ${codes.join(", ")}.`,
      codes,
    );
  responses.default = errorResponse("An unexpected server error (500): logged with the request id.", ["SERVER_ERROR"]);
  return {
    operationId: route.operationId ?? operationIdOf(route),
    summary: route.summary,
    tags: [route.feature ?? tagOf(route.path)],
    security: [{ ...(admin ? SESSION : {}), ...(unsafe ? CSRF : {}) }],
    // zod-openapi reads every key it is given: leave out what a route does not take.
    requestParams: { ...(path && { path }), ...(route.query && { query: route.query }) },
    ...(route.body && { requestBody: { required: true, content: { "application/json": { schema: route.body } } } }),
    responses,
  };
}

/** Platform routes (no feature): health, readiness, this document. */
function tagOf(path: string): string {
  return path.startsWith("/api/") ? "reference" : "operations";
}

const camel = (words: string[]) =>
  words
    .flatMap((w) => w.split(/[^A-Za-z0-9]+/))
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join("");

/** Path segments that name no resource: prefixes and the spec's historical folders. */
const NOT_NOUNS = new Set(["api", "admin", "base", "store", "shop"]);

/**
 * featureVerbNoun from the route: `GET /api/store/shop/full-cart/` of cart → `cartGetFullCart`,
 * `PUT /admin/api/content/contentnode/:id/` of content → `contentPutContentnodeById`. Stable while
 * the path is (the spec fixes the paths), unique (the document test checks).
 */
export function operationIdOf(route: RouteDoc): string {
  const segments = route.path.split("/").filter(Boolean);
  const nouns = segments.filter((s) => !s.startsWith(":") && !NOT_NOUNS.has(s));
  const params = segments.filter((s) => s.startsWith(":")).map((s) => s.slice(1));
  const feature = (route.feature ?? tagOf(route.path)).replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
  const verb = route.method[0] + route.method.slice(1).toLowerCase();
  const noun = camel(nouns.filter((n, i) => i > 0 || n.replace(/-/g, "") !== feature.toLowerCase()));
  return `${feature}${verb}${noun}${params.length ? `By${camel(params)}` : ""}`;
}

let document: oas31.OpenAPIObject | undefined;

/** The OpenAPI 3.1 document of the platform's routes and the features' (features.ts), built once. */
export function openApiDocument(featureRoutes: readonly RouteDoc[]): oas31.OpenAPIObject {
  if (document) return document;
  const paths: ZodOpenApiPathsObject = {};
  const schemas = errorSchemas();
  for (const route of apiRoutes(featureRoutes)) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route, schemas) };
  }
  document = createDocument({
    openapi: "3.1.0",
    info: {
      title: "Ministry shop API",
      version: "1",
      license: { name: "Proprietary: the ministry's own; not for reuse" },
      description:
        "Every JSON answer carries `metadata` (success, message, errors, code). Writes (POST, PUT, DELETE) must echo the `csrftoken` cookie in the `X-CSRFToken` header. " +
        "/admin/** needs a staff session (the `sessionid` cookie from POST /api/account/login/).",
    },
    paths,
    components: {
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "Set by POST /api/account/login/ (HttpOnly).",
        },
        csrfHeader: {
          type: "apiKey",
          in: "header",
          name: CSRF_HEADER,
          description: `Must equal the ${CSRF_COOKIE} cookie on every POST, PUT and DELETE.`,
        },
        csrfCookie: {
          type: "apiKey",
          in: "cookie",
          name: CSRF_COOKIE,
          description: "Set on every answer; readable by scripts.",
        },
      },
    },
  });
  return document;
}
