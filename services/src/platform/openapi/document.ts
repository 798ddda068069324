import { z } from "zod";
import { createDocument, type oas31, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { CSRF_COOKIE, CSRF_HEADER, ERROR_CODES, Metadata } from "@shop/shared";
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

  const ErrorAnswer = z.object({ metadata: Envelope }).catchall(z.unknown()).meta({ id: "ErrorAnswer" });
  const errorResponse = (description: string) => ({
    description,
    content: { "application/json": { schema: ErrorAnswer } },
  });
  return { Envelope, errorResponse };
}

const SESSION = { session: [] };
const CSRF = { csrfHeader: [], csrfCookie: [] };

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
  if (route.query || route.body)
    responses["400"] = errorResponse("Bad input: 'field: message' lines in metadata.errors; nothing written.");
  if (admin) responses["401"] = errorResponse("Not signed in.");
  if (admin || unsafe)
    responses["403"] = errorResponse(
      admin ? "Not staff, or (on writes) a missing or wrong CSRF token." : "A missing or wrong CSRF token.",
    );
  if (route.path.includes(":")) responses["404"] = errorResponse("Nothing at that path (no record with that id).");
  responses.default = errorResponse(
    "Any other error (409 refused by a rule or a lock, 503 saved but not visible yet, 500).",
  );
  return {
    summary: route.summary,
    tags: [tagOf(route.path)],
    security: [{ ...(admin ? SESSION : {}), ...(unsafe ? CSRF : {}) }],
    // zod-openapi reads every key it is given: leave out what a route does not take.
    requestParams: { ...(path && { path }), ...(route.query && { query: route.query }) },
    ...(route.body && { requestBody: { required: true, content: { "application/json": { schema: route.body } } } }),
    responses,
  };
}

/** `/admin/api/content/keyword/` → `admin: content`, `/api/account/me/` → `account`. */
function tagOf(path: string): string {
  if (path.startsWith("/api/docs/") || path === "/api/openapi.json") return "reference";
  const parts = path.split("/").filter(Boolean);
  if (parts[0] === "admin") return `admin: ${parts[1] === "api" ? parts[2] : parts[1]}`;
  return parts[0] === "api" ? parts[1] : "operations";
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
