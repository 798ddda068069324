import { sql, type Transaction } from "kysely";
import { gamifyEvents, isEventOf, type RecordedEvent } from "@shop/shared";
import type { Database } from "../database.ts";
import { upsertRows } from "../runner/row-projector.ts";
import type { GamifyPlayersTable } from "./gamify-tables.ts";

const keyOf = (campaign: string, player: string) => JSON.stringify([campaign, player]);

/**
 * Nearly every gamify event moves one player's row (an action counted, a join, a merge): the batch
 * reads the rows it touches once, folds the events into them in memory as `apply` would change them one
 * by one, and writes each changed row once. The campaigns (defined, drawn) are folded the same way, and
 * the confirmed visitors (the first confirmation stays) go in one INSERT: other tables, so their order
 * against the players' writes does not matter.
 */
export async function applyGamifyBatch(trx: Transaction<Database>, events: RecordedEvent[]) {
  const players = events.filter(
    (e) => e.type === "GamifyActionCounted" || e.type === "GamifyPlayerJoined" || e.type === "GamifyPlayerMerged",
  );
  await applyCampaigns(trx, events);
  const visitors = new Map<string, { player: string; confirmed_at: string }>();
  for (const event of events)
    if (
      isEventOf(gamifyEvents, event) &&
      event.type === "GamifyVisitorEmailConfirmed" &&
      !visitors.has(event.data.player)
    )
      visitors.set(event.data.player, { player: event.data.player, confirmed_at: event.data.at });
  if (visitors.size > 0)
    await trx
      .insertInto("gamify_confirmed_visitors")
      .values([...visitors.values()])
      .onConflict((oc) => oc.column("player").doNothing())
      .execute();
  if (players.length === 0) return;

  const keys = new Map<string, [string, string]>();
  for (const event of players) {
    if (!isEventOf(gamifyEvents, event)) continue;
    const d = event.data as { campaign: string; player: string; from?: string };
    keys.set(keyOf(d.campaign, d.player), [d.campaign, d.player]);
    if (d.from !== undefined) keys.set(keyOf(d.campaign, d.from), [d.campaign, d.from]);
  }
  const { rows: found } = await sql<GamifyPlayersTable>`SELECT p.* FROM gamify_players p
    JOIN unnest(${[...keys.values()].map((k) => k[0])}::text[], ${[...keys.values()].map((k) => k[1])}::text[])
      AS k(campaign, player) ON p.campaign = k.campaign AND p.player = k.player`.execute(trx);
  const rows = new Map(found.map((row) => [keyOf(row.campaign, row.player), row]));
  const changed = new Set<string>();

  const upsert = (campaign: string, player: string, at: string, change: { points?: number; joined?: boolean }) => {
    const key = keyOf(campaign, player);
    const row = rows.get(key);
    if (!row) {
      const points = change.points ?? 0;
      const joined = change.joined ?? false;
      rows.set(key, { campaign, player, points, merged_points: 0, joined, updated_at: at });
    } else {
      if (change.points !== undefined) row.points = change.points;
      if (change.joined !== undefined) row.joined = change.joined;
      row.updated_at = at;
    }
    changed.add(key);
  };

  for (const event of players) {
    if (!isEventOf(gamifyEvents, event)) continue;
    switch (event.type) {
      case "GamifyActionCounted":
        upsert(event.data.campaign, event.data.player, event.data.at, { points: event.data.total });
        break;
      case "GamifyPlayerJoined":
        upsert(event.data.campaign, event.data.player, event.data.at, { joined: true });
        break;
      case "GamifyPlayerMerged": {
        const d = event.data;
        upsert(d.campaign, d.player, d.at, { points: d.total });
        const from = rows.get(keyOf(d.campaign, d.from));
        if (from) {
          from.merged_points = d.fromTotal;
          changed.add(keyOf(d.campaign, d.from));
        }
        break;
      }
    }
  }
  await upsertRows(
    trx,
    "gamify_players",
    ["campaign", "player"],
    [...changed].map((key) => rows.get(key)!),
  );
}

/** Defined: the row, its draw kept when it is there; drawn: the winner, only on a campaign that is there. */
async function applyCampaigns(trx: Transaction<Database>, events: RecordedEvent[]) {
  const named = events.filter(
    (e) => isEventOf(gamifyEvents, e) && (e.type === "GamifyCampaignDefined" || e.type === "GamifyWinnerDrawn"),
  );
  if (named.length === 0) return;
  const slugOf = (e: RecordedEvent) =>
    (e.data as { slug?: string; campaign?: string }).slug ?? (e.data as { campaign: string }).campaign;
  const found = await trx
    .selectFrom("gamify_campaigns")
    .selectAll()
    .where(sql<boolean>`slug = ANY(${[...new Set(named.map(slugOf))]}::text[])`)
    .execute();
  const rows = new Map(found.map((row) => [row.slug, row]));
  const changed = new Set<string>();
  for (const event of named) {
    if (!isEventOf(gamifyEvents, event)) continue;
    const version = event.streamPosition;
    if (event.type === "GamifyCampaignDefined") {
      const d = event.data;
      const definition = JSON.stringify({ actions: d.actions, achievements: d.achievements, panels: d.panels });
      const row = { name: d.name, starts_at: d.startsAt, ends_at: d.endsAt, definition, version };
      const there = rows.get(d.slug);
      if (there) Object.assign(there, row);
      else
        rows.set(d.slug, {
          slug: d.slug,
          ...row,
          winner: null,
          drawn_at: null,
          winner_entries: null,
          winner_actions: null,
        });
      changed.add(d.slug);
    } else if (event.type === "GamifyWinnerDrawn") {
      const d = event.data;
      const there = rows.get(d.campaign);
      if (!there) continue;
      Object.assign(there, {
        winner: d.winner,
        drawn_at: d.drawnAt,
        winner_entries: d.entries.find((e) => e.player === d.winner)?.entries ?? null,
        winner_actions: JSON.stringify(d.winnerActions),
        version,
      });
      changed.add(d.campaign);
    }
  }
  await upsertRows(
    trx,
    "gamify_campaigns",
    ["slug"],
    [...changed].map((slug) => rows.get(slug)!),
  );
}
