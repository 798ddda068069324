import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** The staff's view of the event log. */
export const audit = {
  name: "audit",
  events: [],
  errorStatus: {},
  projections: [],
  routers: async (deps) => [(await import("./audit-router.ts")).makeAuditRouter(deps)],
  routeDocs: async () => (await import("./audit-route-docs.ts")).AUDIT_ROUTES,
} satisfies Feature<FeatureDeps>;
