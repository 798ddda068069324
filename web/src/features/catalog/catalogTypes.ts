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
  formats?: string[];
  price?: string;
  price_float?: number;
  original_price?: string | null;
  is_sold_out?: boolean;
  availability?: string;
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

/** A SKU as the product page needs it (§3 SKU data); `sku` is its code. */
export type Sku = {
  id: number;
  sku: string;
  name: string;
  url?: string;
  image?: string | null;
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
  /** Pairs of attribute slug and value. */
  attributes: { slug: string; value: string }[] | Record<string, string>;
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
  images?: { url: string; alt: string }[];
  samples?: { url: string; title?: string; kind?: string }[];
  attributes: ProductAttribute[];
  /** Per SKU code, its attribute values (the existing combinations). */
  sku_attributes?: Record<string, Record<string, string>>;
  /** A pack's contents, by SKU code. */
  includes?: string[];
  better_together?: number[];
  recommended?: number[];
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
  return Array.isArray(sku.attributes)
    ? Object.fromEntries(sku.attributes.map((a) => [a.slug, a.value]))
    : (sku.attributes ?? {});
}

export const productUrl = (item: { id: number; url?: string }) => item.url ?? `/store/products/${item.id}/`;
