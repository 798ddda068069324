import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** Site settings the back office needs. */
export const site = {
  name: "site",
  events: [],
  errorStatus: {},
  projections: [],
  routers: async (deps) => {
    const [{ makeSiteRouter }, { DEFAULT_SITE_TIME_ZONE }] = await Promise.all([
      import("./site-router.ts"),
      import("@shop/shared/domain/site-time"),
    ]);
    return [makeSiteRouter({ siteTimeZone: deps.siteTimeZone ?? DEFAULT_SITE_TIME_ZONE })];
  },
  routeDocs: async () => (await import("./site-route-docs.ts")).SITE_ROUTES,
} satisfies Feature<FeatureDeps>;
