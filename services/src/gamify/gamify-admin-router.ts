import { randomBytes } from "node:crypto";
import { Router } from "express";
import { sql, type Kysely } from "kysely";
import {
  achievementsText,
  actionsText,
  CreateGamifyCampaignRequest,
  GAMIFY_CAMPAIGN_SORT_COLUMNS,
  GAMIFY_MESSAGES,
  GamifyAchievement,
  GamifyAction,
  GamifyCampaignListQuery,
  gamifyCampaignStream,
  GamifyPanel,
  GamifyRefusedError,
  drawWinner,
  gamifyPlayerStream,
  panelsText,
  UpdateGamifyCampaignRequest,
  type EventStore,
  type GamifyCampaignFields,
  type LogPosition,
} from "@shop/shared";
import { containsPattern, sortColumn, type Database, type GamifyCampaignsTable } from "@shop/projections";
import { z } from "zod";
import { parseQuery, parseRequest } from "../platform/http/validate.ts";
import { staffCommandRunner } from "../platform/versioned-command.ts";
import { foldStream } from "../platform/command-handler.ts";
import { decideGiveaway, drawOrder, giveawayDecider } from "./giveaway.ts";
import { confirmedEmailSql } from "./confirmed-email.ts";
import { playerDecider, talliesOf } from "./decide.ts";

export interface GamifyAdminRouterDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
  waitForProjections: (position: LogPosition, names: string[]) => Promise<boolean>;
}

const BASE = "/admin/api/gamify/campaign/";
const Definition = z.object({
  actions: z.array(GamifyAction),
  achievements: z.array(GamifyAchievement),
  panels: z.array(GamifyPanel).default([]),
});
const notFound = () => new GamifyRefusedError("GAMIFY_CAMPAIGN_NOT_FOUND", GAMIFY_MESSAGES.campaignNotFound);

type CampaignRow = GamifyCampaignsTable & { players: number | string; entries: number | string };

/** A campaign as the admin list and form show it: the textareas hold one action, achievement or panel a line. */
const view = (c: CampaignRow) => {
  const d = Definition.parse(JSON.parse(c.definition));
  return {
    slug: c.slug,
    name: c.name,
    starts_at: c.starts_at,
    ends_at: c.ends_at,
    actions: actionsText(d.actions),
    achievements: achievementsText(d.achievements),
    panels: panelsText(d.panels),
    players: Number(c.players),
    entries: Number(c.entries),
    winner: c.winner,
    drawn_at: c.drawn_at,
    winner_entries: c.winner_entries,
    winner_actions: c.winner_actions ? (JSON.parse(c.winner_actions) as unknown[]) : null,
    version: c.version,
  };
};

const fieldsOf = (slug: string, input: UpdateGamifyCampaignRequest): GamifyCampaignFields => ({
  slug,
  name: input.name,
  actions: input.actions,
  achievements: input.achievements,
  panels: input.panels,
  startsAt: input.starts_at,
  endsAt: input.ends_at,
});

/** Gamify campaigns in the back office: define them, see players and entries, draw the winner. */
export function makeGamifyAdminRouter(deps: GamifyAdminRouterDeps): Router {
  const router = Router();
  const entriesOf = sql<number>`greatest(p.points - p.merged_points, 0)`;
  const campaigns = () =>
    deps.db
      .selectFrom("gamify_campaigns as c")
      .selectAll("c")
      .select((eb) => [
        eb
          .selectFrom("gamify_players as p")
          .select(sql<number>`count(*) filter (where p.points > p.merged_points)`.as("n"))
          .whereRef("p.campaign", "=", "c.slug")
          .as("players"),
        eb
          .selectFrom("gamify_players as p")
          .select(sql<number>`coalesce(sum(${entriesOf}), 0)`.as("n"))
          .whereRef("p.campaign", "=", "c.slug")
          .as("entries"),
      ]);
  const bySlug = async (slug: string) => {
    const row = await campaigns().where("c.slug", "=", slug).executeTakeFirst();
    return row ? view({ ...row, players: row.players ?? 0, entries: row.entries ?? 0 }) : null;
  };
  const players = (slug: string) =>
    deps.db
      .selectFrom("gamify_players as p")
      .leftJoin("users as u", (join) => join.on(sql`'user-' || u.id`, "=", sql.ref("p.player")))
      .select(["p.player", "p.joined", "p.updated_at", "u.name", "u.email"])
      .select(entriesOf.as("entries"))
      .select(confirmedEmailSql(sql.ref("p.player")).as("eligible"))
      .where("p.campaign", "=", slug)
      .where(sql<boolean>`p.points > p.merged_points`)
      .orderBy(sql`p.points - p.merged_points`, "desc")
      .orderBy("p.player")
      .execute();

  const run = staffCommandRunner(deps, {
    what: "gamify campaign",
    decider: giveawayDecider,
    stream: gamifyCampaignStream,
    decide: decideGiveaway,
    readModels: ["gamify"],
  });

  router.get(BASE, async (req, res) => {
    const q = parseQuery(GamifyCampaignListQuery, req.query);
    const column = sortColumn(q.sort, GAMIFY_CAMPAIGN_SORT_COLUMNS);
    let query = deps.db.selectFrom(campaigns().as("l"));
    if (q.q) {
      const pattern = containsPattern(q.q);
      query = query.where((eb) =>
        eb.or([eb(sql`lower(slug)`, "like", pattern), eb(sql`lower(name)`, "like", pattern)]),
      );
    }
    const { total } = await query.select(sql<string>`count(*)`.as("total")).executeTakeFirstOrThrow();
    let page = query
      .selectAll()
      .orderBy(sql.ref(column), q.sort.startsWith("-") ? "desc" : "asc")
      .orderBy("slug")
      .offset(q.start);
    if (q.count >= 0) page = page.limit(q.count);
    const rows = await page.execute();
    res.json({
      metadata: { success: true },
      items: rows.map((r) => view({ ...r, players: r.players ?? 0, entries: r.entries ?? 0 })),
      total: Number(total),
      count: q.count,
      start: q.start,
    });
  });

  router.post(BASE, async (req, res) => {
    const input = parseRequest(CreateGamifyCampaignRequest, req.body);
    await run(req, input.slug, {
      type: "DefineGamifyCampaign",
      data: { fields: fieldsOf(input.slug, input), creating: true },
    });
    res.status(201).json({ metadata: { success: true }, ...(await bySlug(input.slug))! });
  });

  router.get(`${BASE}:slug/`, async (req, res) => {
    const row = await bySlug(req.params.slug);
    if (!row) throw notFound();
    res.json({ metadata: { success: true }, ...row });
  });

  router.put(`${BASE}:slug/`, async (req, res) => {
    const input = parseRequest(UpdateGamifyCampaignRequest, req.body);
    const slug = req.params.slug;
    if (!(await bySlug(slug))) throw notFound();
    await run(
      req,
      slug,
      { type: "DefineGamifyCampaign", data: { fields: fieldsOf(slug, input), creating: false } },
      input.expected_version,
    );
    res.json({ metadata: { success: true }, ...(await bySlug(slug))! });
  });

  // Each player with entries (points not merged into an account), most first: live through `gamify:entries`.
  // `eligible`: a confirmed email (an account, or a visitor that confirmed a newsletter address); only they are drawn.
  router.get(`${BASE}:slug/players/`, async (req, res) => {
    const campaign = await bySlug(req.params.slug);
    if (!campaign) throw notFound();
    const rows = await players(campaign.slug);
    const sum = (list: typeof rows) => list.reduce((total, p) => total + Number(p.entries), 0);
    res.json({
      metadata: { success: true },
      items: rows.map((p) => ({
        player: p.player,
        name: p.name ?? null,
        email: p.email ?? null,
        entries: Number(p.entries),
        eligible: Boolean(p.eligible),
        joined: p.joined,
        updated_at: p.updated_at,
      })),
      entries: sum(rows),
      eligible_entries: sum(rows.filter((p) => p.eligible)),
      winner: campaign.winner,
      drawn_at: campaign.drawn_at,
      winner_entries: campaign.winner_entries,
      winner_actions: campaign.winner_actions,
    });
  });

  // The draw: a fresh seed, the entries of the players with a confirmed email, one winner weighted by
  // entries, and the actions that gave the winner's entries, all in the event.
  router.post(`${BASE}:slug/draw/`, async (req, res) => {
    const slug = req.params.slug;
    if (!(await bySlug(slug))) throw notFound();
    // Every point counted before the click is in the draw: the players read model catches up to the log first.
    await deps.waitForProjections(await deps.store.head(), ["gamify"]);
    const entries = (await players(slug))
      .filter((p) => p.eligible)
      .map((p) => ({ player: p.player, entries: Number(p.entries) }));
    const seed = randomBytes(16).toString("hex");
    // The winner's actions come from its stream: who it is follows from the seed and entries alone.
    const drawn = drawWinner(seed, drawOrder(entries));
    const winnerActions = drawn
      ? talliesOf(foldStream(playerDecider, await deps.store.readStream(gamifyPlayerStream(slug, drawn))))
      : [];
    const result = await run(req, slug, { type: "DrawGamifyWinner", data: { seed, entries, winnerActions } });
    const winner = result.state.winner;
    res.json({
      metadata: { success: true },
      winner,
      seed,
      entries: entries.length,
      winner_entries: entries.find((e) => e.player === winner)?.entries ?? 0,
      winner_actions: winnerActions,
    });
  });

  return router;
}
