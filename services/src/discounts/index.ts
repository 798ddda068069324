import { discountEvents, type DiscountErrorCode } from "@shop/shared";
import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** Discount codes. */
export const discounts = {
  name: "discounts",
  events: [...discountEvents],
  errorStatus: {
    DISCOUNT_NOT_FOUND: 404,
    DISCOUNT_EXISTS: 400,
  } satisfies Record<DiscountErrorCode, number>,
  projections: ["discounts"],
  routers: async (deps) => [(await import("./discounts-router.ts")).makeDiscountsRouter(deps)],
  routeDocs: async () => (await import("./discount-route-docs.ts")).DISCOUNT_ROUTES,
} satisfies Feature<FeatureDeps>;
