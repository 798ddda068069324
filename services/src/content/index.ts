import { contentEvents, type ContentErrorCode } from "@shop/shared";
import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** Content and menu nodes: editing, status actions, URL rewrites; and the published pages, by URL. */
export const content = {
  name: "content",
  events: [...contentEvents],
  errorStatus: {
    NODE_NOT_FOUND: 404,
    NODE_INVALID: 400,
    NODE_HAS_WARNINGS: 400,
    NODE_EXISTS: 409,
    URL_TAKEN: 400,
    INVALID_PARENT: 400,
    UNKNOWN_KEYWORD: 400,
    PAGE_NOT_FOUND: 404,
  } satisfies Record<ContentErrorCode, number>,
  projections: ["content-nodes", "menu-nodes", "pending-rewrite-batches", "content-pages"],
  routers: async (deps) => [
    (await import("./content-router.ts")).makeContentRouter(deps),
    (await import("./pages-router.ts")).makePagesRouter(deps),
  ],
  routeDocs: async () => [
    ...(await import("./content-route-docs.ts")).CONTENT_ROUTES,
    ...(await import("./content-pages-route-docs.ts")).CONTENT_PAGE_ROUTES,
  ],
  liveMappers: async () => [(await import("./node-live-messages.ts")).nodeLiveMessages],
} satisfies Feature<FeatureDeps>;
