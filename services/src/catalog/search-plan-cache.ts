import type { Kysely } from "kysely";
import { searchVersion, prepareSearch, type Database, type SearchPlan } from "@shop/projections";

const MAX_ENTRIES = 500;

/**
 * A search's plan (its words' stems and, for a word being typed, the indexed words it begins) changes
 * only when the catalog does: kept per text and catalog version, as the list's counts are
 * (list-counts-cache.ts), so a search costs its ranked page and nothing else while the catalog holds.
 */
export function makeSearchPlanCache(db: Kysely<Database>, stamp: () => string | null = () => null) {
  const entries = new Map<string, { version: string; plan: Promise<SearchPlan | null> }>();
  return async (text: string): Promise<SearchPlan | null> => {
    const version = stamp() ?? (await searchVersion(db));
    const hit = entries.get(text);
    if (hit && hit.version === version) return hit.plan;
    const plan = prepareSearch(db, text);
    plan.catch(() => entries.delete(text));
    entries.delete(text); // re-inserted last: the Map's order is the eviction order
    entries.set(text, { version, plan });
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    return plan;
  };
}
