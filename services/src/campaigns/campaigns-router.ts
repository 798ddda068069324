import { randomUUID } from "node:crypto";
import { Router } from "express";
import type { Kysely } from "kysely";
import {
  CAMPAIGN_SORT_COLUMNS,
  CampaignListQuery,
  CampaignStatusQuery,
  campaignStream,
  CreateCampaignRequest,
  RecordGiftRequest,
  renderThermometer,
  UpdateCampaignRequest,
  type EventStore,
  type LogPosition,
} from "@shop/shared";
import type { CampaignsTable, Database } from "@shop/projections";
import { allocateId } from "../platform/id-allocator.ts";
import { parseQuery, parseRequest } from "../platform/http/validate.ts";
import { addStaffRecordRoutes } from "../platform/http/staff-records.ts";
import { campaignDecider, campaignNotFound, decideCampaign, type CampaignCommand } from "./campaign.ts";
import { staffCommandRunner } from "../platform/versioned-command.ts";
import { seeOwnWrites } from "../platform/http/written-cookie.ts";

export interface CampaignsRouterDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
  waitForProjections: (position: LogPosition, names: string[]) => Promise<boolean>;
}

import type { CampaignView } from "./campaign-route-docs.ts";

const BASE = "/admin/api/store/campaign/";

/** The campaign as the admin list and form show it. */
const view = (c: CampaignsTable): CampaignView => ({
  id: c.id,
  slug: c.slug,
  name: c.name,
  goal_cents: Number(c.goal_cents),
  raised_cents: Number(c.raised_cents),
  donors: c.donors,
  starts: c.starts,
  ends: c.ends,
  version: c.version,
});

/** Donation campaigns: the public status (thermometer), staff create/update/list, and offline gifts. */
export function makeCampaignsRouter(deps: CampaignsRouterDeps): Router {
  const router = Router();
  const campaigns = () => deps.db.selectFrom("campaigns");
  const bySlug = (slug: string) => campaigns().selectAll().where("slug", "=", slug).executeTakeFirst();
  const byId = (id: number) => campaigns().selectAll().where("id", "=", id).executeTakeFirst();

  const run = staffCommandRunner(deps, {
    what: "campaign",
    decider: campaignDecider,
    stream: campaignStream,
    decide: decideCampaign,
    readModels: ["campaigns"],
  });

  router.get("/api/store/campaign-status/", async (req, res) => {
    const q = parseQuery(CampaignStatusQuery, req.query);
    // A gift the visitor just paid for in the checkout: its answer did not wait for the thermometer, this does.
    await seeOwnWrites(deps.waitForProjections, req, ["campaigns"]);
    const row = await bySlug(q.campaign);
    if (!row) throw campaignNotFound();
    const status = {
      campaign: row.slug,
      name: row.name,
      raisedCents: Number(row.raised_cents),
      goalCents: Number(row.goal_cents),
      donors: row.donors,
    };
    const render = q.render_template === "true" || q.render_template === "1";
    res.json({
      metadata: { success: true },
      campaign: row.slug,
      name: row.name,
      raised_cents: status.raisedCents,
      goal_cents: status.goalCents,
      donors: status.donors,
      starts: row.starts,
      ends: row.ends,
      ...(render ? { html: renderThermometer(status, q.template) } : {}),
    });
  });

  addStaffRecordRoutes(router, {
    db: deps.db,
    base: BASE,
    table: "campaigns",
    view,
    notFound: campaignNotFound,
    list: { query: CampaignListQuery, sortColumns: CAMPAIGN_SORT_COLUMNS, searchColumns: ["slug", "name"] },
    create: {
      request: CreateCampaignRequest,
      run: async (req, input) => {
        let id = await allocateId(deps.db, "campaign");
        // The demo's first campaign took id 1 before ids were allocated: step past any id already in use.
        while (await byId(id)) id = await allocateId(deps.db, "campaign");
        const command: CampaignCommand = {
          type: "CreateCampaign",
          data: {
            id,
            slug: input.slug,
            name: input.name,
            goalCents: input.goal_cents,
            startsAt: input.starts,
            endsAt: input.ends,
          },
        };
        await run(req, input.slug, command);
        return id;
      },
    },
    update: {
      request: UpdateCampaignRequest,
      run: (req, input, row) => {
        const command: CampaignCommand = {
          type: "UpdateCampaign",
          data: { name: input.name, goalCents: input.goal_cents, startsAt: input.starts, endsAt: input.ends },
        };
        return run(req, row.slug, command, input.expected_version);
      },
    },
  });

  router.post(`${BASE}:slug/gift/`, async (req, res) => {
    const input = parseRequest(RecordGiftRequest, req.body);
    const slug = String(req.params.slug);
    const giftId = randomUUID();
    const command: CampaignCommand = {
      type: "RecordGift",
      data: {
        giftId,
        amountCents: input.amount_cents,
        donorName: input.donor_name,
        note: input.note,
        source: "offline",
        orderNumber: null,
      },
    };
    const { state } = await run(req, slug, command);
    if (!state.exists) throw campaignNotFound();
    res.status(201).json({
      metadata: { success: true },
      gift_id: giftId,
      campaign: slug,
      raised_cents: state.raisedCents,
      goal_cents: state.goalCents,
      donors: state.donors,
    });
  });

  router.post(`${BASE}:slug/gift/:gift/refund/`, async (req, res) => {
    const slug = String(req.params.slug);
    const { state } = await run(req, slug, { type: "RefundGift", data: { giftId: String(req.params.gift) } });
    if (!state.exists) throw campaignNotFound();
    res.json({
      metadata: { success: true },
      campaign: slug,
      raised_cents: state.raisedCents,
      goal_cents: state.goalCents,
      donors: state.donors,
    });
  });

  return router;
}
