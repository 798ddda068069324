import {
  CampaignInfoAnswer,
  CampaignRequest,
  PlayerStatusAnswer,
  RegisterActionAnswer,
  RegisterActionRequest,
} from "@shop/shared/gamify/api";
import type { RouteDoc } from "../platform/openapi/routes.ts";

/** The gamify routes for /api/openapi.json (services/src/gamify/gamify-router.ts). */
export const GAMIFY_ROUTES: RouteDoc[] = [
  {
    method: "POST",
    path: "/api/gamify/register-action/",
    summary: "Count an action (campaign, action, optional data) for the player: once per slug unless repeatable",
    body: RegisterActionRequest,
    answer: RegisterActionAnswer,
  },
  {
    method: "POST",
    path: "/api/gamify/get-player-status/",
    summary: "The player's points and achievements in a campaign",
    body: CampaignRequest,
    answer: PlayerStatusAnswer,
  },
  {
    method: "POST",
    path: "/api/gamify/campaign-info/",
    summary: "A campaign's actions, achievements and dates",
    body: CampaignRequest,
    answer: CampaignInfoAnswer,
  },
];
