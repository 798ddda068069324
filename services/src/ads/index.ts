import { adEvents, type AdErrorCode } from "@shop/shared";
import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** Ads. */
export const ads = {
  name: "ads",
  events: [...adEvents],
  errorStatus: {
    AD_NOT_FOUND: 404,
    AD_EXISTS: 400,
  } satisfies Record<AdErrorCode, number>,
  projections: ["ads"],
  routers: async (deps) => [(await import("./ads-router.ts")).makeAdsRouter(deps)],
  routeDocs: async () => (await import("./ads-route-docs.ts")).AD_ROUTES,
} satisfies Feature<FeatureDeps>;
