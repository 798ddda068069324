import type { NextFunction, Request, Response } from "express";
import type { z } from "zod";

/** Raised for a request that fails its schema: answered 400 with 'field: message' lines. */
export class ValidationError extends Error {
  readonly code = "INVALID_REQUEST";
  constructor(readonly errors: string[]) {
    super("Invalid request syntax or bad data.");
  }
}

/** 'field: message' for each issue; form-level issues (no path) become '__all__: message'. */
export function issuesToErrorLines(issues: z.core.$ZodIssue[]): string[] {
  const lines = issues.map((i) => `${i.path.length ? i.path.join(".") : "__all__"}: ${i.message}`);
  return [...new Set(lines)];
}

/** Parses a request part with its schema from shared/; the parsed value replaces the raw one. */
export function parseRequest<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw new ValidationError(issuesToErrorLines(parsed.error.issues));
  const nulls = nullCharacters(parsed.data, []);
  if (nulls.length) throw new ValidationError(nulls);
  return parsed.data;
}

/** The deepest nesting a request may have: no form or API body comes near it, and every walk below stays shallow. */
export const MAX_NESTING = 64;
const TOO_DEEP = `__all__: The request is nested too deeply (at most ${MAX_NESTING} levels).`;

/**
 * PostgreSQL text and jsonb cannot hold U+0000, so a string with one fails in the database (a 500).
 * Refused up front for every route, in the query string (a JSON value there may carry it escaped)
 * and in the parsed body, with Django's message. parseRequest checks again after a route's own parser.
 * A value nested deeper than MAX_NESTING is refused as a whole: walking 400,000 levels would
 * overflow the stack (a 500).
 */
export function refuseNullCharacters() {
  return (req: Request, _res: Response, next: NextFunction) => {
    const lines = [...nullCharacters(req.query, [], ESCAPED_TOO), ...nullCharacters(req.body, [])];
    next(lines.length ? new ValidationError([...new Set(lines)]) : undefined);
  };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this looks for
const RAW = /\u0000/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL, raw or escaped, is what this refuses
const ESCAPED_TOO = /\u0000|\\u0000/i;

/** The lines naming each NUL (and a too deep nesting) in `value`; none, without building any, in the usual case. */
function nullCharacters(value: unknown, path: string[], pattern = RAW): string[] {
  return refused(value, path.length, pattern) ? nullCharacterLines(value, path, pattern) : [];
}

/** Whether `nullCharacterLines` finds anything: the same walk, stopping at the first find and allocating nothing. */
function refused(value: unknown, depth: number, pattern: RegExp): boolean {
  if (typeof value === "string") return pattern.test(value);
  if (!value || typeof value !== "object") return false;
  if (depth >= MAX_NESTING) return true;
  if (Array.isArray(value)) {
    for (const v of value) if (refused(v, depth + 1, pattern)) return true;
    return false;
  }
  if (value instanceof Date) return false;
  for (const key of Object.keys(value))
    if (pattern.test(key) || refused((value as Record<string, unknown>)[key], depth + 1, pattern)) return true;
  return false;
}

function nullCharacterLines(value: unknown, path: string[], pattern: RegExp): string[] {
  if (typeof value === "string")
    return pattern.test(value) ? [`${path.join(".") || "__all__"}: Null characters are not allowed.`] : [];
  if (path.length >= MAX_NESTING && value && typeof value === "object") return [TOO_DEEP];
  if (Array.isArray(value)) return value.flatMap((v, i) => nullCharacterLines(v, [...path, String(i)], pattern));
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.entries(value).flatMap(([k, v]) => [
      ...nullCharacterLines(k, path, pattern),
      ...nullCharacterLines(v, [...path, k], pattern),
    ]);
  }
  return [];
}

/** PostgreSQL's `integer`, the type of every id, offset and count column. */
export const INT_MAX = 2_147_483_647;
const INT_MIN = -2_147_483_648;

/**
 * Parses a query string with its schema, like parseRequest, and then refuses any whole number that
 * does not fit an `integer` column. A query string only names records, pages and offsets, so this
 * holds for every route without each schema saying so, and a huge id is a 400 naming the
 * parameter rather than a database error (a 500).
 */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.infer<S> {
  const parsed = parseRequest(schema, query);
  const errors = outOfRange(parsed, []);
  if (errors.length) throw new ValidationError([...new Set(errors)]);
  return parsed;
}

function outOfRange(value: unknown, path: string[]): string[] {
  if (path.length >= MAX_NESTING && value && typeof value === "object") return [TOO_DEEP];
  if (typeof value === "number" && Number.isInteger(value)) {
    if (value > INT_MAX)
      return [`${path.join(".") || "__all__"}: Ensure this value is less than or equal to ${INT_MAX}.`];
    if (value < INT_MIN)
      return [`${path.join(".") || "__all__"}: Ensure this value is greater than or equal to ${INT_MIN}.`];
    return [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => outOfRange(v, [...path, String(i)]));
  if (value && typeof value === "object" && !(value instanceof Date))
    return Object.entries(value).flatMap(([k, v]) => outOfRange(v, [...path, k]));
  return [];
}
