import type { ProductAttribute, Sku } from "./catalogTypes";
import { skuAttributes } from "./catalogTypes";

export const SELECT_AN_OPTION = "Please select an option.";

/** The attributes the SKUs of one format vary by, in the product's order. */
export function optionAttributes(attributes: ProductAttribute[], skus: Sku[]): ProductAttribute[] {
  return attributes.filter((a) => skus.some((sku) => skuAttributes(sku)[a.slug] !== undefined));
}

const matches = (sku: Sku, picked: Record<string, string>) =>
  Object.entries(picked).every(([slug, value]) => skuAttributes(sku)[slug] === value);

/**
 * §4: options are picked in order and only combinations that exist are enabled. A value of the attribute at
 * `index` is enabled when some SKU has it together with every value picked before it.
 */
export function enabledValues(attrs: ProductAttribute[], skus: Sku[], picked: Record<string, string>, index: number) {
  const before = Object.fromEntries(
    attrs.slice(0, index).flatMap((a) => (picked[a.slug] ? [[a.slug, picked[a.slug]]] : [])),
  );
  if (Object.keys(before).length < index) return new Set<string>(); // an earlier option is still open
  const slug = attrs[index].slug;
  return new Set(skus.filter((sku) => matches(sku, before)).map((sku) => skuAttributes(sku)[slug]));
}

/** Picks a value and clears the later picks that no longer form an existing combination. */
export function pick(
  attrs: ProductAttribute[],
  skus: Sku[],
  picked: Record<string, string>,
  slug: string,
  value: string,
) {
  const at = attrs.findIndex((a) => a.slug === slug);
  const next: Record<string, string> = {};
  for (const [i, a] of attrs.entries()) {
    if (i < at && picked[a.slug]) next[a.slug] = picked[a.slug];
    if (i === at && value) next[a.slug] = value;
    if (i > at && picked[a.slug] && enabledValues(attrs, skus, next, i).has(picked[a.slug]))
      next[a.slug] = picked[a.slug];
  }
  return next;
}

/** §4: a full match selects an actual SKU; otherwise the cheapest matching SKU gives the price shown. */
export function resolve(attrs: ProductAttribute[], skus: Sku[], picked: Record<string, string>) {
  const matching = skus.filter((sku) => matches(sku, picked));
  const complete = attrs.every((a) => picked[a.slug]);
  const selected = complete && matching.length > 0 ? matching[0] : null;
  const cheapest = [...matching].sort((a, b) => a.price_float - b.price_float)[0] ?? null;
  return { selected, cheapest };
}

/** §9: the bulk-pricing link shows the lowest tier price when there is more than 1 tier. */
export function lowestTierPrice(sku: Sku): string | null {
  const tiers = sku.price_tiers ?? [];
  if (tiers.length <= 1) return null;
  return [...tiers].sort((a, b) => Number.parseFloat(a.price) - Number.parseFloat(b.price))[0].price;
}
