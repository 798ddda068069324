import { discountUseEvents, orderEvents, type OrderErrorCode } from "@shop/shared";
import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** Orders: the shopper's and the staff's after-sale. */
export const orders = {
  name: "orders",
  events: [...orderEvents, ...discountUseEvents],
  errorStatus: {
    ORDER_ACTION_REFUSED: 409,
    ORDER_TRANSITION_NOT_ALLOWED: 409,
    REFUND_FAILED: 502,
  } satisfies Record<OrderErrorCode, number>,
  projections: ["orders"],
  routers: async (deps) => {
    const [{ makeOrdersRouter }, { makeAdminOrdersRouter }] = await Promise.all([
      import("./orders-router.ts"),
      import("./admin-orders-router.ts"),
    ]);
    return [makeOrdersRouter({ ...deps, shopTestMode: deps.gateway.name === "test" }), makeAdminOrdersRouter(deps)];
  },
  routeDocs: async () => (await import("./admin-order-route-docs.ts")).ADMIN_ORDER_ROUTES,
  liveMappers: async () => [(await import("./order-live-messages.ts")).orderLiveMessages],
} satisfies Feature<FeatureDeps>;
