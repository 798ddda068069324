import { cartEvents, type CartErrorCode } from "@shop/shared";
import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** The shopping cart: the shop's busiest public calls, mounted first. */
export const cart = {
  name: "cart",
  events: [...cartEvents],
  errorStatus: {
    CART_ITEM_NOT_FOUND: 400,
    CART_ITEM_INACTIVE: 400,
    CART_ITEM_SOLD_OUT: 400,
    CART_TOO_MUCH: 400,
    CART_BAD_QUANTITY: 400,
    CART_NO_ITEMS: 400,
    CART_FREE_DOWNLOADS_OVER: 400,
    CART_FREE_DOWNLOADS_NO_SUBSCRIPTION: 400,
    CART_NOT_A_FREE_DOWNLOAD: 400,
    CART_NOT_A_SUBSCRIPTION: 400,
  } satisfies Record<CartErrorCode, number>,
  projections: [],
  routers: async (deps) => {
    const { makeCartRouter } = await import("./cart-router.ts");
    const { store, clock, behindProxy, siteUrl, loadSkus } = deps;
    return [makeCartRouter({ store, clock, behindProxy, siteUrl, loadSkus })];
  },
  routeDocs: async () => (await import("./cart-route-docs.ts")).CART_ROUTES,
  liveMappers: async () => [(await import("./cart-live-messages.ts")).cartLiveMessages],
  rooms: { public: async () => (await import("./cart-rooms.ts")).cartRooms },
} satisfies Feature<FeatureDeps>;
