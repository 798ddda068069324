import type { FetchBaseQueryError } from "@reduxjs/toolkit/query";
import type { SerializedError } from "@reduxjs/toolkit";
import { attachServerErrors, type ErrorAnswer } from "@shop/shared";

export type FormErrors = {
  /** '__all__: ...' lines and anything that is not about one field. */
  form: string[];
  /** 'field: message' lines, by the id of the element they attach to (`id_{field}` first, §5). */
  fields: Record<string, string[]>;
};

// Any failed call lands here, so even the envelope may be missing (a proxy's HTML page).
type ErrorBody = Partial<ErrorAnswer>;

/**
 * Turns a failed RTK Query call into the messages a form shows: the server's
 * `metadata.errors` lines when it sent them, attached to the form's element ids (shared
 * `attachServerErrors`), otherwise one plain sentence.
 */
export function toFormErrors(
  error: FetchBaseQueryError | SerializedError | undefined,
  elementIds: readonly string[],
): FormErrors {
  const result: FormErrors = { form: [], fields: {} };
  if (!error) return result;
  const lines = errorLines(error);
  if (lines.length === 0) {
    result.form.push(fallbackMessage(error));
    return result;
  }
  const attached = attachServerErrors(lines, (id) => elementIds.includes(id));
  result.form.push(...attached.formErrors);
  result.fields = attached.byElementId;
  return result;
}

function errorLines(error: FetchBaseQueryError | SerializedError): string[] {
  if (!("status" in error) || typeof error.status !== "number") return [];
  const errors = (error.data as ErrorBody | undefined)?.metadata?.errors;
  return Array.isArray(errors) ? errors.filter((e): e is string => typeof e === "string") : [];
}

function fallbackMessage(error: FetchBaseQueryError | SerializedError): string {
  if ("status" in error) {
    if (error.status === "FETCH_ERROR") return "Could not reach the server. Check your connection and try again.";
    if (error.status === 429) return "Too many attempts. Please wait a few minutes and try again.";
  }
  return "Something went wrong. Please try again.";
}
