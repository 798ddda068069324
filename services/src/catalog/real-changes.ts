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
