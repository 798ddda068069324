import type {
  ProductCard as ProductCardWire,
  ProductDetail,
  ProductListResponse,
  QuickViewResponse,
  SkuCard,
} from "@shop/shared/catalog/api";

// The catalog's wire shapes come from the zod schemas the endpoints answer with (shared/src/catalog/api.ts);
// type-only imports, so zod stays out of the storefront's bundle.
export type Metadata = { success: boolean; message?: string; errors?: string[] };

/** A list's item: a product card, or (in what's included) a SKU card, which lacks some of a product's fields. */
export type ProductCard = Pick<ProductCardWire, "id" | "title" | "url" | "image" | "price"> &
  Partial<Pick<ProductCardWire, "subtitle" | "formats" | "is_sold_out">> & {
    original_price?: string | null;
    format?: string;
  };
export type Facet = { value: string; label?: string; count: number };
export type ProductListAnswer = Pick<ProductListResponse, "items" | "count" | "total"> & {
  facets?: Record<string, Facet[]>;
};
export type Sku = SkuCard;
export type Product = ProductDetail & { short_description?: string };
export type ProductAttribute = ProductDetail["attributes"][number];
export type QuickView = Omit<QuickViewResponse, "metadata">;

/** The attribute pairs of a SKU as a map of slug to value. */
export function skuAttributes(sku: Pick<Sku, "attributes">): Record<string, string> {
  return Object.fromEntries(sku.attributes.map((a) => [a.slug, a.value]));
}

export const productUrl = (item: { id: number; url?: string }) => item.url ?? `/store/products/${item.id}/`;
