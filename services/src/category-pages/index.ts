import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** The storefront's category pages. */
export const categoryPages = {
  name: "category-pages",
  events: [],
  errorStatus: {},
  projections: [],
  routers: async (deps) => [(await import("./category-pages-router.ts")).makeCategoryPagesRouter(deps)],
  routeDocs: async () => (await import("./category-pages-route-docs.ts")).CATEGORY_PAGE_ROUTES,
} satisfies Feature<FeatureDeps>;
