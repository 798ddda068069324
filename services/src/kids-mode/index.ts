import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** The kids' mode switch. */
export const kidsMode = {
  name: "kids-mode",
  events: [],
  errorStatus: {},
  projections: [],
  routers: async (deps) => [(await import("./kids-mode-router.ts")).makeKidsModeRouter(deps)],
} satisfies Feature<FeatureDeps>;
