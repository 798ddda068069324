import type { UserRef } from "@shop/shared";
import { DomainError } from "../platform/domain-error.ts";

export const productNotFound = () => new DomainError("PRODUCT_NOT_FOUND", "This product does not exist.", 404);
export const skuNotFound = () => new DomainError("SKU_NOT_FOUND", "This SKU does not exist.", 404);

/** A form-level refusal with 'field: message' lines; nothing is written. */
export const invalidCatalogRecord = (code: "PRODUCT_INVALID" | "SKU_INVALID", errors: string[]) =>
  new DomainError(code, "Invalid request syntax or bad data.", 400, errors);

/** A save against an old expected_version: says who saved since, when, and the version now. */
export class StaleCatalogVersionError extends DomainError {
  constructor(what: "product" | "SKU", savedBy: UserRef | null, savedAt: string, version: number) {
    const who = savedBy?.name ?? "Someone";
    const message = `${who} saved this ${what} at ${savedAt} (version ${version}) after you opened it. Reload it to see their changes, then save again.`;
    super("STALE_VERSION", message, 409, [`__all__: ${message}`], { saved_by: savedBy, saved_at: savedAt, version });
  }
}

/** The keys of `changes` whose value differs from `current` (compared as JSON: arrays and objects by value). */
export function realChanges<T extends object>(current: T, changes: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(changes) as (keyof T)[]) {
    if (changes[key] === undefined) continue;
    if (stableJson(changes[key]) !== stableJson(current[key])) out[key] = changes[key];
  }
  return out;
}

/** JSON with object keys sorted: jsonb hands objects back in its own key order. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
