import type { ContributorErrorCode } from "@shop/shared";
import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** Contributor roles of content nodes (their events are content's). */
export const contributors = {
  name: "contributors",
  events: [],
  errorStatus: {
    ROLE_NOT_FOUND: 404,
  } satisfies Record<ContributorErrorCode, number>,
  projections: ["contributor-roles"],
  routers: async (deps) => [(await import("./roles-router.ts")).makeRolesRouter(deps)],
  routeDocs: async () => (await import("./roles-route-docs.ts")).ROLE_ROUTES,
  liveMappers: async () => [(await import("./role-live-messages.ts")).roleLiveMessages],
} satisfies Feature<FeatureDeps>;
