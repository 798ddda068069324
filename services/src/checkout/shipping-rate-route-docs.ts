import { SetShippingRatesRequest, ShippingRatesAnswer } from "@shop/shared";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";
import { ADMIN_SHIPPING_RATE_BASE as BASE } from "./shipping-rates-router.ts";

const { metadata: _metadata, ...fields } = ShippingRatesAnswer.shape;

/** The staff's shipping rate table for /api/openapi.json (services/src/checkout/shipping-rates-router.ts). */
export const SHIPPING_RATE_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: BASE,
    summary: "The shipping rate table the checkout prices with, and its version (-1: the demo table)",
    fields,
  },
  {
    method: "PUT",
    path: BASE,
    summary: "Replace the shipping rate table (409 when expected_version is stale); the next shipping step uses it",
    body: SetShippingRatesRequest,
    refusals: ["STALE_VERSION"],
    fields,
  },
];
