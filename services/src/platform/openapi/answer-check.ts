import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { oas31 } from "zod-openapi";

// ajv-formats is CommonJS: its default export arrives as the module object under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as typeof addFormatsModule;

/** What the answer check found wrong with one answer; empty when it fits the document. */
export type AnswerProblems = string[];

export interface AnswerChecker {
  /**
   * Problems of one answer against the document: a status the operation does not list (the
   * catch-all `default` stands for 500 only), an error code its status does not list, a body that
   * does not fit. A path or method the document lacks is not checked (the 404 of an unknown path).
   */
  check(method: string, path: string, status: number, body: unknown): AnswerProblems;
  /** The operation a request reaches, as `METHOD /template/`, or null. */
  operationOf(method: string, path: string): string | null;
  /** Whether the operation's document requires a request body (a JSON one). */
  requiresBody(method: string, path: string): boolean;
}

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  responses: Record<string, oas31.ResponseObject>;
  bodyRequired: boolean;
}

/** A JSON pointer segment: `~` and `/` escaped. */
const pointer = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * Checks answers against /api/openapi.json with ajv (JSON Schema 2020-12, as OpenAPI 3.1 is): the
 * document is added whole, so each answer schema's `$ref`s resolve inside it, and each schema is
 * compiled the first time an answer needs it.
 */
export function answerChecker(document: oas31.OpenAPIObject): AnswerChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true, verbose: true });
  addFormats(ajv);
  ajv.addSchema(document as object, "openapi.json");
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    for (const method of ["get", "post", "put", "delete"] as const) {
      const op = (item as oas31.PathItemObject)[method];
      if (!op) continue;
      const source = template
        .split(/\{\w+\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join("[^/]+");
      operations.push({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${source}$`),
        responses: op.responses as Record<string, oas31.ResponseObject>,
        bodyRequired: Boolean((op.requestBody as oas31.RequestBodyObject | undefined)?.required),
      });
    }
  }
  // A literal path wins over a template that also matches it (`/x/new/` before `/x/{id}/`).
  operations.sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
  const validators = new Map<string, ValidateFunction>();
  // Every request looks its operation up (the body check, the answer check): a literal path is one
  // map read, and only a path with an id in it is tried against the templates, in the order above.
  const literal = new Map<string, Operation>();
  const templated: Operation[] = [];
  for (const op of operations)
    if (op.template.includes("{")) templated.push(op);
    else literal.set(`${op.method} ${op.template}`, op);

  const find = (method: string, path: string) => {
    const upper = method.toUpperCase();
    return (
      literal.get(`${upper} ${path}`) ?? templated.find((op) => op.method === upper && op.pattern.test(path)) ?? null
    );
  };

  function validatorFor(op: Operation, key: string): ValidateFunction | null {
    const id = `${op.method} ${op.template} ${key}`;
    if (!validators.has(id)) {
      if (!op.responses[key]?.content?.["application/json"]) return null;
      const ref = `openapi.json#/paths/${pointer(op.template)}/${op.method.toLowerCase()}/responses/${key}/content/application~1json/schema`;
      validators.set(id, ajv.getSchema(ref) ?? ajv.compile({ $ref: ref }));
    }
    return validators.get(id) ?? null;
  }

  return {
    requiresBody: (method, path) => find(method, path)?.bodyRequired ?? false,
    operationOf(method, path) {
      const op = find(method, path);
      return op ? `${op.method} ${op.template}` : null;
    },
    check(method, path, status, body) {
      const op = find(method, path);
      if (!op) return [];
      const name = `${op.method} ${op.template}`;
      const key = String(status) in op.responses ? String(status) : status === 500 ? "default" : null;
      if (!key) {
        const code = (body as { metadata?: { code?: unknown } } | null)?.metadata?.code;
        return [`${name}: status ${status}${code ? ` (${String(code)})` : ""} is not documented`];
      }
      const validate = validatorFor(op, key);
      if (!validate || validate(body)) return [];
      return (validate.errors ?? [])
        .slice(0, 5)
        .map(
          (e) =>
            `${name} ${status}: ${e.instancePath || "(answer)"} ${e.message}${
              e.keyword === "additionalProperties" ? ` '${String(e.params.additionalProperty)}'` : ""
            }${e.keyword === "enum" ? ` ${JSON.stringify(e.params.allowedValues)}, not ${JSON.stringify(e.data)}` : ""}`,
        );
    },
  };
}
