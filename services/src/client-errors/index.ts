import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** Errors the front ends report. */
export const clientErrors = {
  name: "client-errors",
  events: [],
  errorStatus: {},
  projections: [],
  routers: async (deps) => [(await import("./client-errors-router.ts")).makeClientErrorsRouter(deps)],
  routeDocs: async () => (await import("./client-errors-route-docs.ts")).CLIENT_ERROR_ROUTES,
} satisfies Feature<FeatureDeps>;
