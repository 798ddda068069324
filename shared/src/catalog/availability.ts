/** What a shopper can do with a SKU by its stock (storefront §4: sold out, backordered, restock date). */
export type Availability = "in_stock" | "backorder" | "sold_out";

export const AVAILABILITIES: readonly Availability[] = ["in_stock", "backorder", "sold_out"];

/**
 * Untracked stock (null) is always in stock; none on hand is a backorder when backorders are
 * allowed, else sold out.
 */
export function availabilityOf(sku: { stock: number | null; backorder: boolean }): Availability {
  if (sku.stock === null || sku.stock > 0) return "in_stock";
  return sku.backorder ? "backorder" : "sold_out";
}

/** A restock date still to come, on the site's calendar day `today` (yyyy-mm-dd). */
export const restockInFuture = (restockDate: string | null, today: string) =>
  restockDate !== null && restockDate > today;
