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
  return parsed.data;
}
