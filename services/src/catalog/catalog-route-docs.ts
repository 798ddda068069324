import {
  ProductDescriptionResponse,
  ProductListQuery,
  ProductListResponse,
  QuickViewQuery,
  QuickViewResponse,
  SiblingsQuery,
  SiblingsResponse,
  SkuListQuery,
  SkuListResponse,
} from "@shop/shared/catalog/api";
import type { RouteDoc } from "../platform/openapi/routes.ts";

/** The catalog's routes for /api/openapi.json (listed in API_ROUTES). */
export const CATALOG_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/api/store/products/",
    summary: "The product list and search: q (ranked full-text search), sort, start, count (24), filters, facet counts",
    query: ProductListQuery,
    answer: ProductListResponse,
  },
  {
    method: "GET",
    path: "/store/skus/",
    summary: "SKUs: a product's formats (available_in), a pack's contents (pack_includes); count -1 for all",
    query: SkuListQuery,
    answer: SkuListResponse,
  },
  {
    method: "GET",
    path: "/api/store/product/get-siblings/",
    summary: "A product's slider: more in series (default), more by author, better together, recommended",
    query: SiblingsQuery,
    answer: SiblingsResponse,
  },
  {
    method: "GET",
    path: "/api/store/product/quick-view/",
    summary: "The quick-view fields of a product; unknown id: 404 with metadata.success false and a message",
    query: QuickViewQuery,
    answer: QuickViewResponse,
  },
  {
    method: "GET",
    path: "/store/products/:id/",
    summary: "With Accept: application/json, the full description (and the product); otherwise the product page",
    answer: ProductDescriptionResponse,
  },
];
