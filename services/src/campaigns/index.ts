import { donationEvents, type CampaignErrorCode } from "@shop/shared";
import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** Donation campaigns, their gifts and thermometers. */
export const campaigns = {
  name: "campaigns",
  events: [...donationEvents],
  errorStatus: {
    CAMPAIGN_NOT_FOUND: 404,
    CAMPAIGN_EXISTS: 400,
    CAMPAIGN_INVALID: 400,
    GIFT_NOT_FOUND: 404,
    GIFT_REFUNDED: 409,
  } satisfies Record<CampaignErrorCode, number>,
  projections: ["campaigns"],
  routers: async (deps) => [(await import("./campaigns-router.ts")).makeCampaignsRouter(deps)],
  routeDocs: async () => (await import("./campaign-route-docs.ts")).CAMPAIGN_ROUTES,
  liveMappers: async () => [(await import("./campaign-live-messages.ts")).campaignLiveMessages],
  roomStates: async () => (await import("./campaign-live-messages.ts")).campaignRoomStates,
} satisfies Feature<FeatureDeps>;
