/**
 * What the cart, discounts and checkout need to know of one SKU, as the catalog read model answers
 * it (`projections/src/catalog`). Money in integer cents; `stock` null means stock is not tracked.
 * The contract between the catalog and the cart: both sides build on this shape.
 */
export interface SkuForCart {
  id: number;
  /** The SKU code, e.g. '10-1-100'; its prefix names the category (`sku-category.ts`). */
  code: string;
  productId: number | null;
  /** The product's title (or the SKU's own name when it has no product). */
  title: string;
  format: string;
  priceCents: number;
  originalPriceCents: number | null;
  /** Bulk price tiers, lowest min_quantity first: a line of at least minQuantity costs priceCents each. */
  priceTiers: { minQuantity: number; priceCents: number }[];
  stock: number | null;
  backorder: boolean;
  restockDate: string | null;
  allowReturns: boolean;
  active: boolean;
  digital: boolean;
  /** Donation SKUs: the shopper names the amount. */
  userDefinedPrice: boolean;
  /** The campaign slug a donation SKU's gifts count toward. */
  campaign: string | null;
  /** The product page, e.g. '/store/products/12/'. */
  url: string;
  imageUrl: string | null;
}

/** Loads SKUs by code; codes not in the catalog are absent from the map. */
export type LoadSkusForCart = (codes: readonly string[]) => Promise<Map<string, SkuForCart>>;
