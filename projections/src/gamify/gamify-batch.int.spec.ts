// The gamify projector's batch against its one-by-one `apply` (test-only dependency on services/).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import {
  GamifyActionCounted,
  GamifyCampaignDefined,
  GamifyPlayerJoined,
  GamifyPlayerMerged,
  GamifyVisitorEmailConfirmed,
  GamifyWinnerDrawn,
} from "@shop/shared";
import { testBackends } from "@shop/services/testing/backends";
import { openTestDatabase } from "@shop/services/testing/test-database";
import type { Database } from "../database.ts";
import { recordedEvent as recorded, tablesBothWays } from "../runner/batch-equivalence.ts";
import { gamifyProjection } from "./gamify-projection.ts";

const at = (minute: number) => `2026-11-29T20:${String(minute).padStart(2, "0")}:00.000Z`;
const counted = (campaign: string, player: string, total: number, minute: number) =>
  recorded(GamifyActionCounted, {
    campaign,
    player,
    action: "share",
    actionType: "share",
    points: 5,
    total,
    data: null,
    at: at(minute),
  });
const merged = (campaign: string, player: string, from: string, total: number, fromTotal: number, minute: number) =>
  recorded(GamifyPlayerMerged, {
    campaign,
    player,
    from,
    fromVersion: 1,
    fromTotal,
    actions: [],
    points: fromTotal,
    total,
    at: at(minute),
  });
const joined = (campaign: string, player: string, minute: number) =>
  recorded(GamifyPlayerJoined, { campaign, player, panel: null, at: at(minute) });
const defined = (slug: string, name: string, position: number) =>
  recorded(
    GamifyCampaignDefined,
    {
      slug,
      name,
      actions: [{ slug: "share", type: "share", name: "Share", points: 5 }],
      achievements: [],
      startsAt: null,
      endsAt: null,
      definedAt: at(0),
    },
    { position },
  );

/** Rows the log made earlier: a player with points and one merged away, and a campaign. */
async function earlier(db: Kysely<Database>) {
  await sql`INSERT INTO gamify_players VALUES ('ark', 'old', 40, 0, true, ${at(1)}), ('ark', 'gone', 10, 10, false, ${at(1)})`.execute(
    db,
  );
  await sql`INSERT INTO gamify_confirmed_visitors VALUES ('old', ${at(1)})`.execute(db);
}

describe.each(testBackends())("gamify batched projection on $name", ({ pglite }) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase({ pglite });
  }, 120_000);
  afterAll(() => database?.drop());

  it("spec 28.2 counted actions, joins, merges and draws leave the same rows batched as one by one", async () => {
    const events = [
      // A merge from a player the table does not have yet: no merged points; later the player comes.
      merged("ark", "acct-1", "visitor-1", 15, 15, 2),
      counted("ark", "visitor-1", 5, 3),
      merged("ark", "acct-1", "visitor-1", 20, 5, 4),
      defined("ark", "Ark", 0),
      counted("ark", "old", 45, 5),
      joined("ark", "new", 6),
      counted("ark", "new", 5, 7),
      joined("ark", "new", 8),
      counted("flood", "new", 10, 9),
      merged("ark", "old", "old", 50, 45, 10), // merged into itself: the upsert first, then its merged points
      recorded(GamifyVisitorEmailConfirmed, { player: "old", at: at(11) }),
      recorded(GamifyVisitorEmailConfirmed, { player: "new", at: at(12) }),
      recorded(GamifyVisitorEmailConfirmed, { player: "new", at: at(13) }),
      recorded(
        GamifyWinnerDrawn,
        {
          campaign: "ark",
          seed: "s",
          entries: [{ player: "old", entries: 5 }],
          winner: "old",
          winnerActions: [{ action: "share", count: 1, points: 5 }],
          drawnAt: at(14),
          by: null,
        },
        { position: 1 },
      ),
      defined("ark", "Ark again", 2), // keeps its draw
      recorded(
        GamifyWinnerDrawn,
        { campaign: "nowhere", seed: "s", entries: [], winner: "old", drawnAt: at(14), by: null },
        { position: 3 },
      ), // no such campaign: nothing
      merged("ark", "acct-2", "gone", 30, 30, 15),
      counted("ark", "acct-2", 35, 16),
    ];
    const { oneByOne, batched } = await tablesBothWays(database.db, gamifyProjection, events, {
      sizes: [1, 2, 5, events.length],
      before: earlier,
    });
    expect(oneByOne.gamify_players.length).toBe(7);
    for (const { tables } of batched) expect(tables).toEqual(oneByOne);
  }, 60_000);
});
