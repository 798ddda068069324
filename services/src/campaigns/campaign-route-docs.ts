import { z } from "zod";
import {
  CampaignListQuery,
  CampaignStatusQuery,
  CreateCampaignRequest,
  RecordGiftRequest,
  UpdateCampaignRequest,
} from "@shop/shared";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";

const BASE = "/admin/api/store/campaign/";
const campaign = {
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  goal_cents: z.number(),
  raised_cents: z.number(),
  donors: z.number(),
  starts: z.string().nullable(),
  ends: z.string().nullable(),
  version: z.number(),
};
/** A campaign as the admin list and form show it: the router's `view` answers this type. */
export const CampaignView = z.object(campaign);
export type CampaignView = z.infer<typeof CampaignView>;

/** The campaign routes for /api/openapi.json (services/src/campaigns/campaigns-router.ts). */
export const CAMPAIGN_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/api/store/campaign-status/",
    // After a payment (its `written` cookie) it waits for the gift; 503 when the read model does not show it in time.
    refusals: ["CAMPAIGN_NOT_FOUND", "NOT_VISIBLE_YET"],
    summary: "A campaign's totals for its thermometer; with render_template=true also the rendered html",
    query: CampaignStatusQuery,
    fields: {
      campaign: z.string(),
      raised_cents: z.number(),
      goal_cents: z.number(),
      donors: z.number(),
      html: z.string().optional().meta({ description: "With render_template=true only" }),
    },
  },
  {
    method: "POST",
    path: BASE,
    refusals: ["CAMPAIGN_EXISTS", "CAMPAIGN_INVALID"],
    summary: "Create a campaign",
    body: CreateCampaignRequest,
    status: 201,
    fields: campaign,
  },
  {
    method: "GET",
    path: BASE,
    summary: "The campaign list (count/start/sort, q)",
    query: CampaignListQuery,
    fields: { items: z.array(CampaignView), total: z.number(), count: z.number(), start: z.number() },
  },
  { method: "GET", path: `${BASE}:id/`, refusals: ["CAMPAIGN_NOT_FOUND"], summary: "One campaign", fields: campaign },
  {
    method: "PUT",
    path: `${BASE}:id/`,
    refusals: ["CAMPAIGN_INVALID", "STALE_VERSION", "CAMPAIGN_NOT_FOUND"],
    summary: "Change a campaign's name, goal or dates (409 when expected_version is stale)",
    body: UpdateCampaignRequest,
    fields: campaign,
  },
  {
    method: "POST",
    path: `${BASE}:slug/gift/`,
    refusals: ["CAMPAIGN_NOT_FOUND"],
    summary: "Record an offline gift (a cheque): the totals move and every thermometer is pushed",
    body: RecordGiftRequest,
    status: 201,
    fields: { gift_id: z.string(), raised_cents: z.number(), goal_cents: z.number(), donors: z.number() },
  },
  {
    method: "POST",
    path: `${BASE}:slug/gift/:gift/refund/`,
    refusals: ["CAMPAIGN_NOT_FOUND", "GIFT_NOT_FOUND", "GIFT_REFUNDED"],
    summary: "Refund a gift: the totals move back and every thermometer is pushed (409 when refunded already)",
    fields: { raised_cents: z.number(), goal_cents: z.number(), donors: z.number() },
  },
];
