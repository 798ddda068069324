import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** The storefront's menus. */
export const nav = {
  name: "nav",
  events: [],
  errorStatus: {},
  projections: [],
  routers: async (deps) => [(await import("./nav-router.ts")).makeNavRouter(deps)],
  routeDocs: async () => (await import("./nav-route-docs.ts")).NAV_ROUTES,
} satisfies Feature<FeatureDeps>;
