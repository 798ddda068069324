import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** The storefront's home page: what it shows beside the campaign and the store's own lists. */
export const home = {
  name: "home",
  events: [],
  errorStatus: {},
  projections: [],
  routers: async (deps) => [(await import("./home-router.ts")).makeHomeRouter(deps)],
  routeDocs: async () => (await import("./home-route-docs.ts")).HOME_ROUTES,
} satisfies Feature<FeatureDeps>;
