import type { KeywordErrorCode } from "@shop/shared";
import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** Keywords (their events are content's: a link changes the node). */
export const keywords = {
  name: "keywords",
  events: [],
  errorStatus: {
    KEYWORD_INVALID: 400,
    KEYWORD_EXISTS: 409,
  } satisfies Record<KeywordErrorCode, number>,
  projections: ["keywords"],
  routers: async (deps) => [(await import("./keywords-router.ts")).makeKeywordsRouter(deps)],
  routeDocs: async () => (await import("./keywords-route-docs.ts")).KEYWORD_ROUTES,
  liveMappers: async () => [(await import("./keyword-live-messages.ts")).keywordLiveMessages],
} satisfies Feature<FeatureDeps>;
