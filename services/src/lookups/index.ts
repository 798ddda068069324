import { lookupCatalogEvents } from "@shop/shared";
import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** The record picker; before the other admin routers: its search shares POST URLs with creates. */
export const lookups = {
  name: "lookups",
  events: [...lookupCatalogEvents],
  errorStatus: {},
  projections: ["lookup-catalog"],
  routers: async (deps) => [(await import("./lookups-router.ts")).makeLookupsRouter(deps)],
  routeDocs: async () => (await import("./lookups-route-docs.ts")).LOOKUP_ROUTES,
} satisfies Feature<FeatureDeps>;
