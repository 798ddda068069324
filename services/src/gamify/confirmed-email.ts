import type { Request } from "express";
import { type Kysely, sql } from "kysely";
import {
  type EventStore,
  GamifyVisitorEmailConfirmed,
  gamifyEmailStream,
  type LogPosition,
  WrongExpectedVersionError,
} from "@shop/shared";
import { onceDecider, RETRY, runCommand } from "../platform/command-handler.ts";
import { type Database, emailHash } from "@shop/projections";
import { eventMetadata } from "../platform/http/request-context.ts";
import { playerCookie } from "./player-cookie.ts";

/**
 * SQL: whether the player (a column or value) has a confirmed email, so its entries count in a draw:
 * an account (`user-{id}`, signed in to play), or a visitor that confirmed a newsletter address.
 */
export const confirmedEmailSql = (player: ReturnType<typeof sql.ref> | ReturnType<typeof sql.val>) =>
  sql<boolean>`(${player} like 'user-%' or exists (select 1 from gamify_confirmed_visitors v where v.player = ${player}))`;

export async function hasConfirmedEmail(db: Kysely<Database>, player: string): Promise<boolean> {
  const row = await sql<{ ok: boolean }>`select ${confirmedEmailSql(sql.val(player))} as ok`.execute(db);
  return Boolean(row.rows[0]?.ok);
}

/**
 * The newsletter confirmation hook: a visitor that follows a confirmation link in its browser proves
 * it reads that address, and its entries count in draws from then on. One address confirms one
 * visitor (the first): confirming it again in fresh browsers enters nobody else. Nothing of the
 * address is written, only a keyed hash of it in the stream's name.
 */
export async function confirmGamifyVisitorEmail(
  deps: {
    store: EventStore;
    db: Kysely<Database>;
    clock: () => Date;
    sessionSecret?: string;
    waitForProjections: (position: LogPosition, names: string[]) => Promise<boolean>;
  },
  req: Request,
  email: string,
): Promise<void> {
  const player = (await playerCookie(deps)).visitorOf(req);
  if (!player) return;
  try {
    const { appended } = await runCommand(
      deps.store,
      gamifyEmailStream(await emailHash(deps.db, email)),
      emailConfirmedDecider,
      RETRY.refuse, // one address confirms the first visitor only: a second confirmation is dropped
      () => [{ type: "GamifyVisitorEmailConfirmed" as const, data: { player, at: deps.clock().toISOString() } }],
      { metadata: eventMetadata(req), assumeNew: true },
    );
    // The giveaway page the visitor opens next reads the draw's eligibility from the read model.
    await deps.waitForProjections(appended!.position, ["gamify"]);
  } catch (error) {
    if (!(error instanceof WrongExpectedVersionError)) throw error;
  }
}

const emailConfirmedDecider = onceDecider([GamifyVisitorEmailConfirmed]);
