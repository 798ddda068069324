import type { Request, Response } from "express";
import type { Kysely } from "kysely";
import { type EventMetadata, type EventStore, gamifyPlayerStream, isEventOf } from "@shop/shared";
import { GAMIFY_PLAYER_COOKIE } from "@shop/shared/gamify/api";
import type { Database } from "@shop/projections";
import { type RetryPolicy, runCommand } from "../platform/command-handler.ts";
import { eventMetadata } from "../platform/http/request-context.ts";
import { loadGamifyCampaign } from "./gamify-router.ts";
import { decideMerge, playerDecider } from "./decide.ts";
import { playerCookie } from "./player-cookie.ts";

/** Concurrent merges and actions of one account race on its stream: each gets ten tries. */
const MERGE_RETRY: RetryPolicy = { onConflict: "retry", attempts: 10 };

/**
 * Merges one visitor's progress into an account's player in every campaign it played (decideMerge:
 * no double counting, each visitor event merged once), with the account's stream version as the
 * expected one. The campaigns come from the read model (definitions change rarely); the progress from
 * the log.
 */
export async function mergeVisitorPlayer(
  deps: { store: EventStore; db: Kysely<Database>; clock: () => Date },
  visitor: string,
  userId: string,
  metadata: EventMetadata,
): Promise<void> {
  const campaigns = await deps.db.selectFrom("gamify_campaigns").select("slug").execute();
  for (const { slug } of campaigns) {
    const recorded = await deps.store.readStream(gamifyPlayerStream(slug, visitor));
    if (!recorded.length) continue;
    const campaign = await loadGamifyCampaign(deps.store, slug);
    if (!campaign) continue;
    const fromEvents = recorded.flatMap((e) =>
      isEventOf(playerDecider.events, e) ? [{ streamPosition: e.streamPosition, event: e }] : [],
    );
    const player = `user-${userId}`;
    await runCommand(
      deps.store,
      gamifyPlayerStream(slug, player),
      playerDecider,
      MERGE_RETRY,
      (state) =>
        decideMerge(
          { type: "MergeVisitor", data: { campaign, player, from: visitor, fromEvents, now: deps.clock() } },
          state,
        ),
      { metadata },
    );
  }
}

/**
 * The login hook: the signing-in visitor's points go into the account (never costs them the login).
 * Once merged, the browser's visitor cookie goes: another account signing in on the same browser later
 * must not get the same points again (one person, one set of entries).
 */
export async function mergeGamifyAtLogin(
  deps: { store: EventStore; db: Kysely<Database>; clock: () => Date; sessionSecret?: string },
  req: Request,
  res: Response,
  userId: string,
): Promise<void> {
  // Only a cookie this server signed: nobody merges a visitor whose id they picked.
  const visitor = (await playerCookie(deps)).visitorOf(req);
  if (!visitor) return;
  await mergeVisitorPlayer(deps, visitor, userId, { ...eventMetadata(req), userId });
  res.clearCookie(GAMIFY_PLAYER_COOKIE, { path: "/" });
}
