import { sql } from "kysely";
import { gamifyEvents, isEventOf } from "@shop/shared";
import type { Projection } from "../runner/projection.ts";
import { applyGamifyBatch } from "./gamify-batch.ts";

export const gamifyProjection: Projection = {
  name: "gamify",
  version: 2,
  tables: ["gamify_campaigns", "gamify_players", "gamify_confirmed_visitors"],
  handles: gamifyEvents.map((e) => e.type),
  async migrate(db) {
    await sql`CREATE TABLE IF NOT EXISTS gamify_campaigns (
      slug text PRIMARY KEY,
      name text NOT NULL,
      starts_at text,
      ends_at text,
      definition text NOT NULL,
      winner text,
      drawn_at text,
      winner_entries integer,
      winner_actions text,
      version integer NOT NULL
    )`.execute(db);
    await sql`CREATE TABLE IF NOT EXISTS gamify_players (
      campaign text NOT NULL,
      player text NOT NULL,
      points integer NOT NULL DEFAULT 0,
      merged_points integer NOT NULL DEFAULT 0,
      joined boolean NOT NULL DEFAULT false,
      updated_at text NOT NULL,
      PRIMARY KEY (campaign, player)
    )`.execute(db);
    await sql`CREATE TABLE IF NOT EXISTS gamify_confirmed_visitors (
      player text PRIMARY KEY,
      confirmed_at text NOT NULL
    )`.execute(db);
  },
  async apply(trx, recorded) {
    if (!isEventOf(gamifyEvents, recorded)) return;
    const event = recorded;
    const version = recorded.streamPosition;
    const player = (campaign: string, who: string, at: string, change: { points?: number; joined?: boolean }) =>
      trx
        .insertInto("gamify_players")
        .values({
          campaign,
          player: who,
          points: change.points ?? 0,
          merged_points: 0,
          joined: change.joined ?? false,
          updated_at: at,
        })
        .onConflict((oc) => oc.columns(["campaign", "player"]).doUpdateSet({ ...change, updated_at: at }))
        .execute();
    switch (event.type) {
      case "GamifyCampaignDefined": {
        const d = event.data;
        const row = {
          name: d.name,
          starts_at: d.startsAt,
          ends_at: d.endsAt,
          definition: JSON.stringify({ actions: d.actions, achievements: d.achievements, panels: d.panels }),
          version,
        };
        await trx
          .insertInto("gamify_campaigns")
          .values({ slug: d.slug, ...row, winner: null, drawn_at: null, winner_entries: null, winner_actions: null })
          .onConflict((oc) => oc.column("slug").doUpdateSet(row))
          .execute();
        return;
      }
      case "GamifyWinnerDrawn":
        await trx
          .updateTable("gamify_campaigns")
          .set({
            winner: event.data.winner,
            drawn_at: event.data.drawnAt,
            winner_entries: event.data.entries.find((e) => e.player === event.data.winner)?.entries ?? null,
            winner_actions: JSON.stringify(event.data.winnerActions),
            version,
          })
          .where("slug", "=", event.data.campaign)
          .execute();
        return;
      case "GamifyActionCounted":
        await player(event.data.campaign, event.data.player, event.data.at, { points: event.data.total });
        return;
      case "GamifyPlayerMerged": {
        const d = event.data;
        await player(d.campaign, d.player, d.at, { points: d.total });
        await trx
          .updateTable("gamify_players")
          .set({ merged_points: d.fromTotal })
          .where("campaign", "=", d.campaign)
          .where("player", "=", d.from)
          .execute();
        return;
      }
      case "GamifyPlayerJoined":
        await player(event.data.campaign, event.data.player, event.data.at, { joined: true });
        return;
      case "GamifyVisitorEmailConfirmed":
        await trx
          .insertInto("gamify_confirmed_visitors")
          .values({ player: event.data.player, confirmed_at: event.data.at })
          .onConflict((oc) => oc.column("player").doNothing())
          .execute();
        return;
      case "GamifyAchievementEarned":
        return;
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  applyBatch: (trx, events) => applyGamifyBatch(trx, events),
};
