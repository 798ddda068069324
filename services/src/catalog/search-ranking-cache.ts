import type { Kysely } from "kysely";
import type { ProductListQuery } from "@shop/shared/catalog/api";
import { searchVersion, type Database, type RankingCache } from "@shop/projections";

/** At most RANKS_KEPT (960) ids each: about 8 KB a search, 1.6 MB for all. */
const MAX_ENTRIES = 200;

/**
 * A search of several words ranks every product having all its words (product-search.ts, `merged`);
 * its order changes only when the catalog does. Kept per query (paging aside) and catalog version,
 * as the list's counts are (list-counts-cache.ts), so its next pages and the next shoppers asking
 * the same read 24 cards by id; the requests arriving while it is ranked share the one ranking.
 */
export function makeSearchRankingCache(db: Kysely<Database>, stamp: () => string | null = () => null): RankingCache {
  const entries = new Map<string, { version: string; ids: Promise<number[]> }>();
  return async (q: ProductListQuery, rank: () => Promise<number[]>): Promise<number[]> => {
    const version = stamp() ?? (await searchVersion(db));
    const { start: _s, count: _c, template: _t, x: _x, ts: _ts, ...query } = q;
    const key = JSON.stringify(query);
    const hit = entries.get(key);
    if (hit && hit.version === version) return hit.ids;
    const ids = rank();
    ids.catch(() => entries.delete(key));
    entries.delete(key); // re-inserted last: the Map's order is the eviction order
    entries.set(key, { version, ids });
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    return ids;
  };
}
