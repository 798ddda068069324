import { randomBytes } from "node:crypto";
import { parse } from "cookie";
import { type Request, type Response, Router } from "express";
import {
  type EventStore,
  type GamifyCampaignFields,
  gamifyCampaignStream,
  GamifyCampaignDefined,
  gamifyPlayerStream,
  GAMIFY_MESSAGES,
  GamifyRefusedError,
  isEventOf,
} from "@shop/shared";
import {
  CampaignRequest,
  type CampaignInfoAnswer,
  GAMIFY_PLAYER_COOKIE,
  type PlayerStatusAnswer,
  type RegisterActionAnswer,
  RegisterActionRequest,
} from "@shop/shared/gamify/api";
import { foldStream, handleCommand } from "../platform/command-handler.ts";
import { eventMetadata } from "../platform/http/request-context.ts";
import { parseRequest } from "../platform/http/validate.ts";
import { decideAction, playerDecider } from "./decide.ts";

const WELL_FORMED = /^[A-Za-z0-9_-]{22,64}$/;
const ONE_YEAR_MS = 365 * 86_400_000;
/** Racing requests of one player (a page view and a share at once) each get this many tries at their append. */
const APPEND_ATTEMPTS = 5;

/** The campaign's latest definition, or null. */
export async function loadGamifyCampaign(store: EventStore, slug: string): Promise<GamifyCampaignFields | null> {
  const events = await store.readStream(gamifyCampaignStream(slug));
  const defined = events.filter((e) => isEventOf([GamifyCampaignDefined] as const, e)).at(-1);
  return defined ? GamifyCampaignDefined.schema.parse(defined.data) : null;
}

/** A signed-in player is their account; a visitor is their cookie's random id (given one on their first action). */
function playerOf(req: Request, res: Response, options: { create: boolean; secure: boolean }): string | null {
  if (req.user) return `user-${req.user.id}`;
  const existing = req.headers.cookie ? parse(req.headers.cookie)[GAMIFY_PLAYER_COOKIE] : undefined;
  if (existing && WELL_FORMED.test(existing)) return `visitor-${existing}`;
  if (!options.create) return null;
  const created = randomBytes(18).toString("base64url");
  res.cookie(GAMIFY_PLAYER_COOKIE, created, {
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
    path: "/",
    maxAge: ONE_YEAR_MS,
  });
  return `visitor-${created}`;
}

/** Storefront §7 gamification: register an action, a player's status, a campaign's info. */
export function makeGamifyRouter(deps: { store: EventStore; clock: () => Date; behindProxy: boolean }): Router {
  const router = Router();
  const campaignOrRefuse = async (slug: string) => {
    const campaign = await loadGamifyCampaign(deps.store, slug);
    if (!campaign) throw new GamifyRefusedError("GAMIFY_CAMPAIGN_NOT_FOUND", GAMIFY_MESSAGES.campaignNotFound);
    return campaign;
  };

  router.post("/api/gamify/register-action/", async (req, res) => {
    const body = parseRequest(RegisterActionRequest, req.body);
    const campaign = await loadGamifyCampaign(deps.store, body.campaign);
    const player = playerOf(req, res, { create: true, secure: deps.behindProxy })!;
    const result = await handleCommand(
      deps.store,
      gamifyPlayerStream(body.campaign, player),
      playerDecider,
      (state) =>
        decideAction(
          {
            type: "RegisterAction",
            data: {
              campaign,
              campaignSlug: body.campaign,
              action: body.action,
              player,
              data: body.data ?? null,
              now: deps.clock(),
            },
          },
          state,
        ),
      eventMetadata(req),
      APPEND_ATTEMPTS,
    );
    const earned = new Set(
      result.events
        .filter((e) => e.type === "GamifyAchievementEarned")
        .map((e) => (e.data as { achievement: string }).achievement),
    );
    const answer: RegisterActionAnswer = {
      success: true,
      points: result.state.points,
      achievements: result.state.achievements,
      new_achievements: result.state.achievements.filter((a) => earned.has(a.slug)),
      counted: result.events.length > 0,
    };
    res.json(answer);
  });

  router.post("/api/gamify/get-player-status/", async (req, res) => {
    const { campaign } = parseRequest(CampaignRequest, req.body);
    await campaignOrRefuse(campaign);
    const player = playerOf(req, res, { create: false, secure: deps.behindProxy });
    const state = player
      ? foldStream(playerDecider, await deps.store.readStream(gamifyPlayerStream(campaign, player)))
      : playerDecider.initialState();
    const answer: PlayerStatusAnswer = { points: state.points, achievements: state.achievements };
    res.json(answer);
  });

  router.post("/api/gamify/campaign-info/", async (req, res) => {
    const campaign = await campaignOrRefuse(parseRequest(CampaignRequest, req.body).campaign);
    const answer: CampaignInfoAnswer = {
      slug: campaign.slug,
      name: campaign.name,
      actions: campaign.actions,
      achievements: campaign.achievements,
      starts_at: campaign.startsAt,
      ends_at: campaign.endsAt,
    };
    res.json(answer);
  });

  return router;
}
