import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** Published content pages, by URL. */
export const contentPages = {
  name: "content-pages",
  events: [],
  errorStatus: {},
  projections: ["content-pages"],
  routers: async (deps) => [(await import("./pages-router.ts")).makePagesRouter(deps)],
  routeDocs: async () => (await import("./content-pages-route-docs.ts")).CONTENT_PAGE_ROUTES,
} satisfies Feature<FeatureDeps>;
