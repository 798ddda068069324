import type { SiblingsQuery, SiblingsResponse, SkuListResponse } from "@shop/shared/catalog/api";
import { api } from "../../app/api";
import type { Metadata, Product, ProductListAnswer, QuickView } from "./catalogTypes";

/** The list page's query, as its URL hash holds it (§2: q, sort, start, count and filters). */
export type ListQuery = { q: string; sort: string; start: number; count: number; filters: Record<string, string> };

export const LIST_COUNT = 24;
export const VIEW_MORE_COUNT = 48;

export type QuickViewAnswer = { ok: true; product: QuickView } | { ok: false; message?: string };
/** The SKU list's call: `template` blank for none (the server reads a blank as absent). */
type SkuListQuery = { available_in?: number; pack_includes?: number; sort?: string; template: string; count: number };
export type Relation = SiblingsQuery["relation"];
/** The sliders' call: `template` blank for none (the server reads a blank as absent). */
type SiblingsCall = { id: number; relation: Relation; template: string; count: number };
export type ProductRef = { id: number } | { sku: string };

const json = { Accept: "application/json" };

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    productList: build.query<ProductListAnswer, ListQuery>({
      query: ({ q, sort, start, count, filters: { price, ...filters } }) => ({
        url: "/api/store/products/",
        params: { ...filters, ...priceRange(price), ...(q ? { q } : {}), ...(sort ? { sort } : {}), start, count },
      }),
    }),
    /** A `metadata.success: false` answer carries the server's message for the panel (§8). */
    quickView: build.query<QuickViewAnswer, number>({
      query: (id) => ({ url: "/api/store/product/quick-view/", params: { id } }),
      transformResponse: (r: { metadata: Metadata; product?: QuickView } & QuickView, _m, id) =>
        r.metadata?.success === false
          ? { ok: false, message: r.metadata.message }
          : { ok: true, product: { ...(r.product ?? r), id: r.product?.id ?? r.id ?? id } },
    }),
    product: build.query<Product, ProductRef>({
      query: (ref) => ({
        url: "id" in ref ? `/store/products/${ref.id}/` : `/store/sku/${encodeURIComponent(ref.sku)}`,
        headers: json,
      }),
      transformResponse: (r: { metadata: Metadata; product: Product }) => r.product,
    }),
    /** The full description overlay: `{metadata, description}` from /store/products/{id}/. */
    productDescription: build.query<string, number>({
      query: (id) => ({ url: `/store/products/${id}/`, headers: json }),
      transformResponse: (r: { description: string }) => r.description,
    }),
    skus: build.query<SkuListResponse, SkuListQuery>({
      query: (params) => ({ url: "/store/skus/", params }),
    }),
    siblings: build.query<SiblingsResponse, SiblingsCall>({
      query: (params) => ({ url: "/api/store/product/get-siblings/", params }),
    }),
  }),
});

/** The price facet's values are ranges in cents ("1000-2499", "5000-"); the list asks with min/max. */
function priceRange(value: string | undefined) {
  const [min, max] = (value ?? "").split("-");
  return {
    ...(/^\d+$/.test(min ?? "") ? { min_price_cents: min } : {}),
    ...(/^\d+$/.test(max ?? "") ? { max_price_cents: max } : {}),
  };
}

export const {
  useProductListQuery,
  useQuickViewQuery,
  useProductQuery,
  useLazyProductDescriptionQuery,
  useSkusQuery,
  useSiblingsQuery,
} = catalogApi;
