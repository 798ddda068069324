import { sql, type Transaction } from "kysely";
import { gamifyEvents, isEventOf, type RecordedEvent } from "@shop/shared";
import type { Database } from "../database.ts";
import { upsertRows } from "../runner/row-projector.ts";
import type { GamifyPlayersTable } from "./gamify-tables.ts";

type Apply = (trx: Transaction<Database>, event: RecordedEvent) => Promise<void>;
const keyOf = (campaign: string, player: string) => JSON.stringify([campaign, player]);

/**
 * Nearly every gamify event moves one player's row (an action counted, a join, a merge): the batch
 * reads the rows it touches once, folds the events into them in memory as `apply` would change them one
 * by one, and writes each changed row once. The campaign and confirmed-visitor events are rare: they
 * go through `apply`, in order (other tables, so their order against the players' rows does not matter).
 */
export async function applyGamifyBatch(trx: Transaction<Database>, events: RecordedEvent[], apply: Apply) {
  const players = events.filter(
    (e) => e.type === "GamifyActionCounted" || e.type === "GamifyPlayerJoined" || e.type === "GamifyPlayerMerged",
  );
  for (const event of events) if (!players.includes(event)) await apply(trx, event);
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
