import type { SkuForCart } from "@shop/shared";
import type { LoadSkusForCart } from "@shop/shared/catalog/sku-for-cart";

/** SKUs kept at most; past that the oldest go first (a Map iterates in insertion order). */
const MAX_ENTRIES = 5_000;

/**
 * Every cart write reads its SKUs from the catalog read model: on a busy shop that is one SELECT per
 * add for rows that rarely change. This keeps them in memory, each with the catalog's change stamp
 * read before it was queried (`ProjectionRunner.changeStamp`); an entry serves while the stamp is
 * the same, so a price or stock change shows in the next answer, as the read model itself does.
 * Where the stamp is null (another process projects, or the catalog is stopped or rebuilding) every
 * call goes to the read model. Codes the catalog lacks are kept too (a bad link asked again and again).
 */
export function cachedSkuLoader(load: LoadSkusForCart, stamp: () => string | null): LoadSkusForCart {
  const entries = new Map<string, { stamp: string; sku: SkuForCart | null }>();
  return async (codes) => {
    const before = stamp();
    if (before === null) return load(codes);
    const found = new Map<string, SkuForCart>();
    const missing: string[] = [];
    for (const code of new Set(codes)) {
      const hit = entries.get(code);
      if (hit?.stamp !== before) missing.push(code);
      else if (hit.sku) found.set(code, hit.sku);
    }
    if (missing.length === 0) return found;
    const loaded = await load(missing);
    for (const code of missing) {
      const sku = loaded.get(code) ?? null;
      if (sku) found.set(code, sku);
      entries.delete(code); // re-inserted last: the eviction order
      entries.set(code, { stamp: before, sku });
    }
    while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    return found;
  };
}
