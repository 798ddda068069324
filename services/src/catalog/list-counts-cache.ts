import type { Kysely } from "kysely";
import type { ProductListQuery } from "@shop/shared/catalog/api";
import {
  catalogVersion,
  listProductsCounts,
  type Database,
  type ProductListCounts,
  type SearchPlan,
} from "@shop/projections";

const MAX_ENTRIES = 500;

/**
 * The product list's total and facet counts scan every match; they change only when the catalog
 * does. Kept per query (paging aside) and per catalog version, read first (one row), so a write
 * shows in the next answer (read-your-writes holds) and an unchanged catalog costs no scan. Where
 * this process projects the catalog, its change stamp (`ProjectionRunner.changeStamp`) stands in
 * for the version without a query.
 */
export function makeListCountsCache(db: Kysely<Database>, stamp: () => string | null = () => null) {
  const entries = new Map<string, { version: string; counts: Promise<ProductListCounts> }>();
  return async (q: ProductListQuery, plan?: SearchPlan | null): Promise<ProductListCounts> => {
    const version = stamp() ?? `version ${await catalogVersion(db)}`;
    const { start: _s, count: _c, template: _t, x: _x, ts: _ts, ...filters } = q;
    const key = JSON.stringify(filters);
    const hit = entries.get(key);
    if (hit && hit.version === version) return hit.counts;
    const counts = listProductsCounts(db, q, plan); // the plan follows from q and the version: the key holds
    counts.catch(() => entries.delete(key));
    entries.delete(key); // re-inserted last: the Map's order is the eviction order
    entries.set(key, { version, counts });
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    return counts;
  };
}
