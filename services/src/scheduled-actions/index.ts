import { scheduledActionEvents, type ScheduledActionErrorCode } from "@shop/shared";
import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** Status actions on content nodes, run at their time by the server. */
export const scheduledActions = {
  name: "scheduled-actions",
  events: [...scheduledActionEvents],
  errorStatus: {
    ALREADY_SCHEDULED: 409,
    ALREADY_RAN: 409,
  } satisfies Record<ScheduledActionErrorCode, number>,
  projections: ["scheduled-actions"],
  routers: async (deps) => [(await import("./scheduled-actions-router.ts")).makeScheduledActionsRouter(deps)],
  routeDocs: async () => (await import("./scheduled-actions-route-docs.ts")).SCHEDULED_ACTION_ROUTES,
  liveMappers: async () => [(await import("./scheduled-action-live-messages.ts")).scheduledActionLiveMessages],
} satisfies Feature<FeatureDeps>;
