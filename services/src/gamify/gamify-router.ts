import { type Request, type Response, Router } from "express";
import type { Kysely } from "kysely";
import {
  DomainError,
  GiveawayQuery,
  JOIN_MESSAGES,
  JoinRequest,
  joinRedirect,
  gamifyCampaignStream as campaignStreamOf,
  type EventStore,
  type GiveawayAnswer,
  type JoinAnswer,
  type GamifyCampaignFields,
  gamifyCampaignStream,
  GamifyCampaignDefined,
  gamifyPlayerStream,
  GAMIFY_MESSAGES,
  GamifyRefusedError,
  isEventOf,
} from "@shop/shared";
import { DEFAULT_SITE_TIME_ZONE } from "@shop/shared/domain/site-time";
import {
  CampaignRequest,
  type CampaignInfoAnswer,
  type PlayerStatusAnswer,
  type RegisterActionAnswer,
  RegisterActionRequest,
} from "@shop/shared/gamify/api";
import { foldStream, type RetryPolicy, runCommand } from "../platform/command-handler.ts";
import { eventMetadata } from "../platform/http/request-context.ts";
import type { Database } from "@shop/projections";
import { issuesToErrorLines, parseQuery, parseRequest } from "../platform/http/validate.ts";
import { siteToday } from "../catalog/catalog-cards.ts";
import { giveawayDecider } from "./giveaway.ts";
import { decideAction, decideJoin, playerDecider } from "./decide.ts";
import { hasConfirmedEmail } from "./confirmed-email.ts";
import { newPlayerLimit } from "./new-player-limit.ts";
import { playerCookie } from "./player-cookie.ts";
/** Racing requests of one player (a page view and a share at once) each get five tries at their append. */
const PLAYER_RETRY: RetryPolicy = { onConflict: "retry", attempts: 5 };

/** The campaign's latest definition, or null. */
export async function loadGamifyCampaign(store: EventStore, slug: string): Promise<GamifyCampaignFields | null> {
  const events = await store.readStream(gamifyCampaignStream(slug));
  const defined = events.filter((e) => isEventOf([GamifyCampaignDefined] as const, e)).at(-1);
  return defined ? GamifyCampaignDefined.schema.parse(defined.data) : null;
}

/** Storefront §7 gamification: register an action, a player's status, a campaign's info. */
export function makeGamifyRouter(deps: {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
  behindProxy: boolean;
  sessionSecret?: string;
  siteTimeZone?: string;
  rateLimitMultiplier?: number;
}): Router {
  const router = Router();
  const countNewPlayer = newPlayerLimit(deps.rateLimitMultiplier);
  /**
   * A signed-in player is their account; a visitor is the id in their signed cookie. A request without
   * one starts a new visitor when `create` (its first action or join), within the address's allowance.
   */
  async function playerOf(req: Request, res: Response, create: boolean): Promise<string | null> {
    if (req.user) return `user-${req.user.id}`;
    const cookie = await playerCookie(deps);
    const visitor = cookie.visitorOf(req);
    if (visitor || !create) return visitor;
    await countNewPlayer(req, res);
    return cookie.create(res, { secure: deps.behindProxy });
  }
  const campaignOrRefuse = async (slug: string) => {
    const campaign = await loadGamifyCampaign(deps.store, slug);
    if (!campaign) throw new GamifyRefusedError("GAMIFY_CAMPAIGN_NOT_FOUND", GAMIFY_MESSAGES.campaignNotFound);
    return campaign;
  };

  router.post("/api/gamify/register-action/", async (req, res) => {
    const body = parseRequest(RegisterActionRequest, req.body);
    const campaign = await campaignOrRefuse(body.campaign);
    const player = (await playerOf(req, res, true))!;
    const now = deps.clock();
    const result = await runCommand(
      deps.store,
      gamifyPlayerStream(body.campaign, player),
      playerDecider,
      PLAYER_RETRY,
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
              // Claimed by the browser: the server cannot tell it happened, so once a site day at most.
              verified: false,
              day: siteToday(now, deps.siteTimeZone ?? DEFAULT_SITE_TIME_ZONE),
              now,
            },
          },
          state,
        ),
      { metadata: eventMetadata(req) },
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
    const player = await playerOf(req, res, false);
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

  // The /giveaway page: the player's entries, the join panels, and the winner once drawn, all from the log.
  router.get("/api/gamify/giveaway/", async (req, res) => {
    const { campaign: slug } = parseQuery(GiveawayQuery, req.query);
    const recorded = await deps.store.readStream(campaignStreamOf(slug));
    const { definition: campaign, winner } = foldStream(giveawayDecider, recorded);
    if (!campaign) throw new GamifyRefusedError("GAMIFY_CAMPAIGN_NOT_FOUND", GAMIFY_MESSAGES.campaignNotFound);
    const player = await playerOf(req, res, false);
    const state = player
      ? foldStream(playerDecider, await deps.store.readStream(gamifyPlayerStream(slug, player)))
      : playerDecider.initialState();
    const drawn = recorded.filter((e) => e.type === "GamifyWinnerDrawn").at(-1);
    const answer: GiveawayAnswer = {
      metadata: { success: true },
      campaign: { slug: campaign.slug, name: campaign.name, starts_at: campaign.startsAt, ends_at: campaign.endsAt },
      entries: state.points,
      achievements: state.achievements,
      joined: state.joined,
      eligible: player !== null && (await hasConfirmedEmail(deps.db, player)),
      panels: campaign.panels,
      winner:
        winner && drawn
          ? { drawn_at: drawn.createdAt.toISOString(), name: await winnerName(deps.db, winner), you: winner === player }
          : null,
    };
    res.json(answer);
  });

  // The join form (§5 `{join form action}?ts=`): success and errors, which the page joins by newline.
  router.post("/gamify/join/", async (req, res) => {
    const parsed = JoinRequest.safeParse(req.body ?? {});
    type JoinRefusal = NonNullable<JoinAnswer["metadata"]["code"]>;
    const STATUS: Record<JoinRefusal, number> = {
      INVALID_REQUEST: 400,
      GAMIFY_CAMPAIGN_CLOSED: 400,
      GAMIFY_CAMPAIGN_NOT_FOUND: 404,
      GAMIFY_TOO_MANY_PLAYERS: 429,
    };
    const refuse = (errors: string[], code: JoinRefusal = "INVALID_REQUEST") => {
      const status = STATUS[code];
      const answer: JoinAnswer = { success: false, errors, metadata: { success: false, errors, code } };
      res.status(status).json(answer);
    };
    if (!parsed.success) return refuse(issuesToErrorLines(parsed.error.issues).map((l) => l.replace(/^[\w.]+: /, "")));
    const body = parsed.data;
    if (!body.accept_rules) return refuse([JOIN_MESSAGES.rulesRequired]);
    const campaign = await loadGamifyCampaign(deps.store, body.campaign);
    if (!campaign) return refuse([JOIN_MESSAGES.campaignNotFound], "GAMIFY_CAMPAIGN_NOT_FOUND");
    let player: string;
    try {
      player = (await playerOf(req, res, true))!;
    } catch (error) {
      if (!(error instanceof DomainError && error.code === "GAMIFY_TOO_MANY_PLAYERS")) throw error;
      return refuse([error.message], "GAMIFY_TOO_MANY_PLAYERS");
    }
    try {
      await runCommand(
        deps.store,
        gamifyPlayerStream(body.campaign, player),
        playerDecider,
        PLAYER_RETRY,
        (state) =>
          decideJoin(
            { type: "JoinCampaign", data: { campaign, player, panel: body.panel ?? null, now: deps.clock() } },
            state,
          ),
        { metadata: eventMetadata(req) },
      );
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return error.code === "GAMIFY_CAMPAIGN_NOT_FOUND"
        ? refuse([JOIN_MESSAGES.campaignNotFound], "GAMIFY_CAMPAIGN_NOT_FOUND")
        : refuse([JOIN_MESSAGES.campaignClosed], "GAMIFY_CAMPAIGN_CLOSED");
    }
    const answer: JoinAnswer = {
      success: true,
      errors: [],
      redirect: joinRedirect(body.redirect),
      metadata: { success: true, errors: [] },
    };
    res.json(answer);
  });

  return router;
}

/** How the giveaway page names the winner: an account's first name and last initial, else 'A visitor'. */
async function winnerName(db: Kysely<Database>, winner: string): Promise<string> {
  if (!winner.startsWith("user-")) return "A visitor";
  const user = await db.selectFrom("users").select("name").where("id", "=", winner.slice(5)).executeTakeFirst();
  const [first, ...rest] = (user?.name ?? "").trim().split(/\s+/);
  if (!first) return "A signed-in player";
  return rest.length ? `${first} ${rest.at(-1)!.charAt(0)}.` : first;
}
