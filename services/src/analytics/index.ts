import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** The shop's own analytics: page events in a table outside the log, and the staff page's figures. */
export const analytics = {
  name: "analytics",
  events: [],
  errorStatus: {},
  projections: [],
  routers: async (deps) => [(await import("./analytics-router.ts")).makeAnalyticsRouter(deps)],
  routeDocs: async () => (await import("./analytics-route-docs.ts")).ANALYTICS_ROUTES,
} satisfies Feature<FeatureDeps>;
