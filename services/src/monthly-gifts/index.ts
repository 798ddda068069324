import { monthlyGiftEvents, type MonthlyGiftErrorCode } from "@shop/shared";
import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** Monthly gifts: a donate-page gift repeated by the gateway each month, stopped by its giver or staff. */
export const monthlyGifts = {
  name: "monthly-gifts",
  events: [...monthlyGiftEvents],
  errorStatus: {
    MONTHLY_GIFT_NOT_FOUND: 404,
    MONTHLY_GIFT_CANCELLED: 409,
    MONTHLY_GIFT_OTHER_GATEWAY: 409,
  } satisfies Record<MonthlyGiftErrorCode, number>,
  projections: ["monthly-gifts"],
  routers: async (deps) => [(await import("./monthly-gifts-router.ts")).makeMonthlyGiftsRouter(deps)],
  routeDocs: async () => (await import("./monthly-gifts-route-docs.ts")).MONTHLY_GIFT_ROUTES,
} satisfies Feature<FeatureDeps>;
