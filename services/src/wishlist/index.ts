import { wishlistEvents, type WishlistErrorCode } from "@shop/shared";
import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** A shopper's wishlist. */
export const wishlist = {
  name: "wishlist",
  events: [...wishlistEvents],
  errorStatus: {
    WISHLIST_ITEM_NOT_FOUND: 400,
    WISHLIST_ITEM_INACTIVE: 400,
    WISHLIST_DONATION: 400,
    WISHLIST_FULL: 400,
  } satisfies Record<WishlistErrorCode, number>,
  projections: [],
  routers: async (deps) => {
    const { makeWishlistRouter } = await import("./wishlist-router.ts");
    return [makeWishlistRouter({ store: deps.store, clock: deps.clock, loadSkus: deps.loadSkus })];
  },
  routeDocs: async () => (await import("./wishlist-route-docs.ts")).WISHLIST_ROUTES,
} satisfies Feature<FeatureDeps>;
