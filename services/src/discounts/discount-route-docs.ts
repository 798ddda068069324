import { z } from "zod";
import { CreateDiscountRequest, DiscountListQuery, UpdateDiscountRequest } from "@shop/shared";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";

const BASE = "/admin/api/store/discount/";
const discount = { id: z.number(), code: z.string(), description: z.string(), version: z.number() };

/** The discount admin routes for /api/openapi.json (services/src/discounts/discounts-router.ts). */
export const DISCOUNT_ROUTES: RouteDoc[] = [
  {
    method: "POST",
    path: BASE,
    summary: "Create a discount (its code never changes)",
    body: CreateDiscountRequest,
    status: 201,
    fields: discount,
  },
  {
    method: "GET",
    path: BASE,
    summary: "The discount list (count/start/sort, q, active)",
    query: DiscountListQuery,
    fields: { items: z.array(z.object(discount)), total: z.number(), count: z.number(), start: z.number() },
  },
  { method: "GET", path: `${BASE}:id/`, summary: "One discount", fields: discount },
  {
    method: "PUT",
    path: `${BASE}:id/`,
    summary: "Change a discount's terms (409 when expected_version is stale)",
    body: UpdateDiscountRequest,
    fields: discount,
  },
];
