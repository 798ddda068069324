import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** Search. */
export const search = {
  name: "search",
  events: [],
  errorStatus: {},
  projections: [],
  routers: async (deps) => [(await import("./search-router.ts")).makeSearchRouter(deps)],
  routeDocs: async () => (await import("./search-route-docs.ts")).SEARCH_ROUTES,
} satisfies Feature<FeatureDeps>;
