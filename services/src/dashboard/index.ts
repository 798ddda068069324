import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** The staff dashboard: sales, donations and giveaway figures from its read model, pushed live. */
export const dashboard = {
  name: "dashboard",
  events: [],
  errorStatus: {},
  projections: ["dashboard"],
  routers: async (deps) => [(await import("./dashboard-router.ts")).makeDashboardRouter(deps)],
  routeDocs: async () => (await import("./dashboard-route-docs.ts")).DASHBOARD_ROUTES,
  liveMappers: async () => [(await import("./dashboard-live-messages.ts")).dashboardLiveMessages],
} satisfies Feature<FeatureDeps>;
