import {
  CampaignInfoAnswer,
  CampaignRequest,
  PlayerStatusAnswer,
  RegisterActionAnswer,
  RegisterActionRequest,
} from "@shop/shared/gamify/api";
import { z } from "zod";
import {
  CreateGamifyCampaignRequest,
  GamifyCampaignListQuery,
  GiveawayQuery,
  JoinRequest,
  UpdateGamifyCampaignRequest,
} from "@shop/shared";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";

const ADMIN = "/admin/api/gamify/campaign/";
/** What gave the winner's entries: an action, how many times it counted, its points. */
const winnerAction = z.object({ action: z.string(), count: z.number(), points: z.number() });
const campaign = {
  slug: z.string(),
  name: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  actions: z.string().describe("one action a line: 'type slug points [repeatable]'"),
  achievements: z.string().describe("one achievement a line: 'threshold slug Name'"),
  panels: z.string().describe("one join-form panel a line: 'weight slug Name | words shown'"),
  players: z.number(),
  entries: z.number(),
  winner: z.string().nullable(),
  drawn_at: z.string().nullable(),
  winner_entries: z.number().nullable(),
  winner_actions: z.array(winnerAction).nullable(),
  version: z.number(),
};

/** The gamify routes for /api/openapi.json (services/src/gamify/gamify-router.ts). */
export const GAMIFY_ROUTES: RouteDoc[] = [
  {
    method: "POST",
    path: "/api/gamify/register-action/",
    refusals: [
      "GAMIFY_CAMPAIGN_NOT_FOUND",
      "GAMIFY_CAMPAIGN_CLOSED",
      "GAMIFY_ACTION_NOT_FOUND",
      "GAMIFY_TOO_MANY_PLAYERS",
    ],
    summary:
      "Count an action (campaign, action, optional data) for the player: once per slug, a repeatable one once a site day; a new visitor's signed cookie is set (429 with Retry-After past 10 new players an hour from one address)",
    body: RegisterActionRequest,
    answer: RegisterActionAnswer,
  },
  {
    method: "POST",
    path: "/api/gamify/get-player-status/",
    refusals: ["GAMIFY_CAMPAIGN_NOT_FOUND"],
    summary: "The player's points and achievements in a campaign",
    body: CampaignRequest,
    answer: PlayerStatusAnswer,
  },
  {
    method: "POST",
    path: "/api/gamify/campaign-info/",
    refusals: ["GAMIFY_CAMPAIGN_NOT_FOUND"],
    summary: "A campaign's actions, achievements and dates",
    body: CampaignRequest,
    answer: CampaignInfoAnswer,
  },

  {
    method: "GET",
    path: "/api/gamify/giveaway/",
    refusals: ["GAMIFY_CAMPAIGN_NOT_FOUND"],
    summary:
      "The /giveaway page: the player's entries and achievements, whether they count in the draw (eligible: a confirmed email), the join panels, the winner once drawn",
    query: GiveawayQuery,
    fields: {
      campaign: z.object({
        slug: z.string(),
        name: z.string(),
        starts_at: z.string().nullable(),
        ends_at: z.string().nullable(),
      }),
      entries: z.number(),
      achievements: z.array(z.object({ slug: z.string(), name: z.string() })),
      joined: z.boolean(),
      eligible: z.boolean(),
      panels: z.array(z.object({ slug: z.string(), name: z.string(), creative: z.string(), weight: z.number() })),
      winner: z.object({ drawn_at: z.string(), name: z.string(), you: z.boolean() }).nullable(),
    },
  },
  {
    method: "POST",
    path: "/gamify/join/",
    refusals: ["GAMIFY_TOO_MANY_PLAYERS", "GAMIFY_CAMPAIGN_NOT_FOUND", "GAMIFY_CAMPAIGN_CLOSED"],
    summary:
      "The join form ({join form action}?ts=): success and errors (joined by newline on the page), redirect (429 when the address started too many new players)",
    body: JoinRequest,
    fields: { success: z.boolean(), errors: z.array(z.string()), redirect: z.string().optional() },
  },
  {
    method: "GET",
    path: ADMIN,
    summary: "The gamify campaign list (count/start/sort, q over slug and name), with players and entries",
    query: GamifyCampaignListQuery,
    fields: { items: z.array(z.object(campaign)), total: z.number(), count: z.number(), start: z.number() },
  },
  {
    method: "POST",
    path: ADMIN,
    refusals: ["GAMIFY_CAMPAIGN_EXISTS", "GAMIFY_CAMPAIGN_DATES"],
    summary: "Define a gamify campaign (slug, name, dates, actions, achievements, panels)",
    body: CreateGamifyCampaignRequest,
    status: 201,
    fields: campaign,
  },
  {
    method: "GET",
    path: `${ADMIN}:slug/`,
    refusals: ["GAMIFY_CAMPAIGN_NOT_FOUND"],
    summary: "One gamify campaign",
    fields: campaign,
  },
  {
    method: "PUT",
    path: `${ADMIN}:slug/`,
    refusals: ["GAMIFY_CAMPAIGN_NOT_FOUND", "GAMIFY_CAMPAIGN_DATES", "STALE_VERSION"],
    summary: "Redefine a gamify campaign (every field, with expected_version)",
    body: UpdateGamifyCampaignRequest,
    fields: campaign,
  },
  {
    method: "GET",
    path: `${ADMIN}:slug/players/`,
    refusals: ["GAMIFY_CAMPAIGN_NOT_FOUND"],
    summary:
      "The campaign's players with entries, most first, whether each is drawn (eligible: a confirmed email), and the winner once drawn with its entries by action (live: gamify:entries)",
    fields: {
      items: z.array(
        z.object({
          player: z.string(),
          name: z.string().nullable(),
          email: z.string().nullable(),
          entries: z.number(),
          eligible: z.boolean(),
          joined: z.boolean(),
          updated_at: z.string(),
        }),
      ),
      entries: z.number(),
      eligible_entries: z.number(),
      winner: z.string().nullable(),
      drawn_at: z.string().nullable(),
      winner_entries: z.number().nullable(),
      winner_actions: z.array(winnerAction).nullable(),
    },
  },
  {
    method: "POST",
    path: `${ADMIN}:slug/draw/`,
    refusals: ["GAMIFY_CAMPAIGN_NOT_FOUND", "GAMIFY_NO_ENTRIES", "GAMIFY_WINNER_ALREADY_DRAWN"],
    summary:
      "Draw the winner weighted by entries among the players with a confirmed email: GamifyWinnerDrawn keeps the seed, the entries and the winner's entries by action (400 when nobody has any)",
    fields: {
      winner: z.string(),
      seed: z.string(),
      entries: z.number().describe("the number of players in the draw"),
      winner_entries: z.number(),
      winner_actions: z.array(winnerAction),
    },
  },
];
