import { z } from "zod";
import { CreateDiscountRequest, DiscountListQuery, UpdateDiscountRequest } from "@shop/shared";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";

const BASE = "/admin/api/store/discount/";
const discount = {
  id: z.number(),
  code: z.string(),
  description: z.string(),
  percent_off: z.number().nullable(),
  amount_off_cents: z.number().nullable(),
  min_subtotal_cents: z.number(),
  requires_user: z.boolean(),
  requires_group: z.string().nullable(),
  required_skus: z.array(z.string()),
  required_quantity: z.number(),
  starts: z.string().nullable(),
  ends: z.string().nullable(),
  max_uses: z.number().nullable(),
  max_uses_per_customer: z.number().nullable(),
  active: z.boolean(),
  free_shipping: z.boolean(),
  free_shipping_methods: z.array(z.string()),
  version: z.number(),
};
/** A discount as the admin list and form show it: the router's `discountView` answers this type. */
export const DiscountView = z.object(discount);
export type DiscountView = z.infer<typeof DiscountView>;

/** The discount admin routes for /api/openapi.json (services/src/discounts/discounts-router.ts). */
export const DISCOUNT_ROUTES: RouteDoc[] = [
  {
    method: "POST",
    path: BASE,
    refusals: ["DISCOUNT_EXISTS"],
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
    fields: { items: z.array(DiscountView), total: z.number(), count: z.number(), start: z.number() },
  },
  { method: "GET", path: `${BASE}:id/`, refusals: ["DISCOUNT_NOT_FOUND"], summary: "One discount", fields: discount },
  {
    method: "PUT",
    path: `${BASE}:id/`,
    refusals: ["DISCOUNT_NOT_FOUND"],
    summary: "Change a discount's terms (409 when expected_version is stale)",
    body: UpdateDiscountRequest,
    fields: discount,
  },
];
