import { gamifyEvents, type GamifyErrorCode } from "@shop/shared";
import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** Giveaways: points, entries, draws. */
export const gamify = {
  name: "gamify",
  events: [...gamifyEvents],
  errorStatus: {
    GAMIFY_CAMPAIGN_NOT_FOUND: 404,
    GAMIFY_CAMPAIGN_CLOSED: 400,
    GAMIFY_ACTION_NOT_FOUND: 400,
    GAMIFY_CAMPAIGN_EXISTS: 400,
    GAMIFY_CAMPAIGN_DATES: 400,
    GAMIFY_WINNER_ALREADY_DRAWN: 409,
    GAMIFY_NO_ENTRIES: 400,
    GAMIFY_TOO_MANY_PLAYERS: 429,
  } satisfies Record<GamifyErrorCode, number>,
  projections: ["gamify"],
  routers: async (deps) => {
    const [{ makeGamifyRouter }, { makeGamifyAdminRouter }] = await Promise.all([
      import("./gamify-router.ts"),
      import("./gamify-admin-router.ts"),
    ]);
    return [makeGamifyRouter(deps), makeGamifyAdminRouter(deps)];
  },
  routeDocs: async () => (await import("./gamify-route-docs.ts")).GAMIFY_ROUTES,
  liveMappers: async () => [(await import("./gamify-live-messages.ts")).gamifyLiveMessages],
} satisfies Feature<FeatureDeps>;
