import { z } from "zod";
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
import {
  AdminProductListQuery,
  AdminSkuListQuery,
  CreateProductRequest,
  CreateSkuRequest,
  UpdateProductRequest,
  UpdateSkuRequest,
} from "@shop/shared/catalog/admin-api";
import type { ErrorCode } from "@shop/shared";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";

/** The catalog's routes for /api/openapi.json (listed in API_ROUTES). */
export const CATALOG_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/api/store/products/",
    summary:
      "The product list and search: q (ranked full-text search, the last word also a prefix), sort, start, count (24), filters, facet counts",
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
    refusals: ["NOT_FOUND"],
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

const list = { items: z.array(z.unknown()), total: z.number(), count: z.number(), start: z.number() };
const record = { id: z.number(), version: z.number() };

function adminRoutes(
  base: string,
  kind: string,
  listQuery: z.ZodObject,
  create: z.ZodType,
  update: z.ZodType,
  codes: { notFound: ErrorCode; exists: ErrorCode; invalid: ErrorCode },
): RouteDoc[] {
  return [
    {
      method: "GET",
      path: base,
      summary: `The ${kind} list: count, start, sort (-col descending), q and filters`,
      query: listQuery,
      fields: list,
    },
    {
      method: "POST",
      path: base,
      summary: `Create a ${kind}`,
      body: create,
      status: 201,
      fields: record,
      refusals: [codes.exists, codes.invalid, "UNKNOWN_RECORD"],
    },
    { method: "GET", path: `${base}:id/`, summary: `One ${kind}`, fields: record, refusals: [codes.notFound] },
    {
      method: "PUT",
      path: `${base}:id/`,
      summary: `Save the changed fields of a ${kind} (409 when expected_version is stale)`,
      body: update,
      fields: record,
      refusals: [codes.notFound, codes.invalid, "STALE_VERSION", "UNKNOWN_RECORD"],
    },
    {
      method: "GET",
      path: `${base}:id/history/`,
      summary: `A ${kind}'s versions: who changed what, when`,
      fields: list,
      refusals: [codes.notFound],
    },
  ];
}

/** The back office's catalog REST (admin-catalog-router.ts). */
export const ADMIN_CATALOG_ROUTES: RouteDoc[] = [
  ...adminRoutes(
    "/admin/api/store/product/",
    "product",
    AdminProductListQuery,
    CreateProductRequest,
    UpdateProductRequest,
    { notFound: "PRODUCT_NOT_FOUND", exists: "PRODUCT_EXISTS", invalid: "PRODUCT_INVALID" },
  ),
  ...adminRoutes("/admin/api/store/sku/", "SKU", AdminSkuListQuery, CreateSkuRequest, UpdateSkuRequest, {
    notFound: "SKU_NOT_FOUND",
    exists: "SKU_EXISTS",
    invalid: "SKU_INVALID",
  }),
];
