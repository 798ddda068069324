/** The catalog's wire shapes as storefront.md §3 and §7 name them (prices are formatted strings, e.g. "12.99"). */
export type Metadata = { success: boolean; message?: string; errors?: string[] };

export type ProductCard = {
  id: number;
  title: string;
  subtitle?: string;
  url?: string;
  image?: string | null;
  author?: string;
  format?: string;
  format_name?: string;
  sku?: number;
  sku_code?: string;
  price?: string;
  price_float?: number;
  original_price?: string;
  is_sold_out?: boolean;
  html?: string;
};

export type Facet = { value: string; label?: string; count: number };

/** GET /api/store/products/: items, count, total, and facet counts per filter key. */
export type ProductListAnswer = {
  metadata?: Metadata;
  items: ProductCard[];
  count: number;
  total: number;
  facets?: Record<string, Facet[]>;
};

export type PriceTier = { min_quantity: number; price: string; price_cents?: number };

/** A SKU as the product page needs it (§3 SKU data). */
export type Sku = {
  id: number;
  name: string;
  sku_code?: string;
  format: string;
  upc?: string;
  isbn?: string;
  dimensions?: string;
  price: string;
  price_float: number;
  original_price?: string | null;
  is_sold_out: boolean;
  is_backordered: boolean;
  restock_future: boolean;
  restock_date?: string | null;
  allow_returns: boolean;
  digital?: boolean;
  user_defined_price?: boolean;
  attributes: Record<string, string> | [string, string][];
  price_tiers?: PriceTier[];
};

export type ProductAttribute = { slug: string; title: string; values: { label: string; value: string }[] };

export type Product = {
  id: number;
  title: string;
  subtitle?: string;
  slug?: string;
  url?: string;
  description?: string;
  short_description?: string;
  author?: string;
  series?: string;
  release_date?: string | null;
  isreleased?: boolean;
  images?: string[];
  samples?: { url: string; title?: string; type?: string }[];
  attributes: ProductAttribute[];
  sku_attributes?: unknown;
  skus: Sku[];
};

/** GET /api/store/product/quick-view/?id=: the quick-view fields of §3. */
export type QuickView = {
  id: number;
  title?: string;
  subtitle?: string;
  format_name?: string;
  description?: string;
  isreleased?: boolean;
  release_date?: string | null;
  is_backordered?: boolean;
  restock_future?: boolean;
  restock_date?: string | null;
  is_sold_out?: boolean;
  price?: string;
  original_price?: string | null;
  sku?: number;
  sku_code?: string;
  image?: string | null;
  url?: string;
};

/** The attribute pairs of a SKU, whichever of the two shapes the server sends. */
export function skuAttributes(sku: Sku): Record<string, string> {
  return Array.isArray(sku.attributes) ? Object.fromEntries(sku.attributes) : (sku.attributes ?? {});
}

export const productUrl = (item: { id: number; url?: string; sku_code?: string }) =>
  item.url ?? (item.sku_code ? `/store/sku/${encodeURIComponent(item.sku_code)}` : `/store/products/${item.id}/`);
