import { z } from "zod";
import { UserRef } from "../content/events.ts";
import { defineEvent, type EventOf } from "../event-registry.ts";

/** A gamify campaign's definition: `gamifycampaign-{slug}`. */
export const gamifyCampaignStream = (slug: string) => `gamifycampaign-${slug}`;
/** One player's progress in one campaign: `gamifyplayer-{campaign}-{player}` (expected versions make an action count once). */
export const gamifyPlayerStream = (campaign: string, player: string) => `gamifyplayer-${campaign}-${player}`;

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Enter a valid slug.");

/** An action a player may take: page views, shares and video plays on a /media/ page award points. */
export const GamifyAction = z.object({
  type: z.string().min(1).max(50),
  slug,
  points: z.number().int().min(0).max(1_000_000),
  /** Counts every time, not once per player (a campaign that says otherwise). */
  repeatable: z.boolean().default(false),
});
export type GamifyAction = z.infer<typeof GamifyAction>;

export const GamifyAchievement = z.object({
  slug,
  name: z.string().min(1).max(200),
  /** Reached when the player's points are at least this. */
  threshold: z.number().int().min(1).max(100_000_000),
});
export type GamifyAchievement = z.infer<typeof GamifyAchievement>;

/** A join-form panel (storefront §2 "Campaign panel"): the page shows one, chosen weighted-random by `weight`. */
export const GamifyPanel = z.object({
  slug,
  name: z.string().min(1).max(200),
  /** The panel's words (plain text). */
  creative: z.string().max(2000),
  weight: z.number().int().min(0).max(1_000_000),
});
export type GamifyPanel = z.infer<typeof GamifyPanel>;

export const GamifyCampaignFields = z.object({
  slug,
  name: z.string().min(1).max(200),
  actions: z.array(GamifyAction).min(1),
  achievements: z.array(GamifyAchievement),
  /** Older definitions (before the join form) have none. */
  panels: z.array(GamifyPanel).default([]),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type GamifyCampaignFields = z.infer<typeof GamifyCampaignFields>;

/** Staff defined (or redefined) a campaign: the whole definition each time. */
export const GamifyCampaignDefined = defineEvent(
  "GamifyCampaignDefined",
  GamifyCampaignFields.extend({ definedAt: z.string(), by: UserRef.nullable().default(null) }),
);

/** One player's entries at a draw: each point is one entry. */
export const GamifyDrawEntry = z.object({ player: z.string(), entries: z.number().int().min(1) });
export type GamifyDrawEntry = z.infer<typeof GamifyDrawEntry>;

/**
 * Staff drew the campaign's winner, weighted by entries. The event holds the seed and every entry it
 * drew from (sorted by player), so anyone can run the draw again from the log and get the same winner.
 */
export const GamifyWinnerDrawn = defineEvent(
  "GamifyWinnerDrawn",
  z.object({
    campaign: z.string(),
    seed: z.string(),
    entries: z.array(GamifyDrawEntry),
    winner: z.string(),
    drawnAt: z.string(),
    by: UserRef.nullable(),
  }),
);

/** An action counted for a player: `total` is the player's points after it. */
export const GamifyActionCounted = defineEvent(
  "GamifyActionCounted",
  z.object({
    campaign: z.string(),
    player: z.string(),
    action: z.string(),
    actionType: z.string(),
    points: z.number().int(),
    total: z.number().int(),
    data: z.string().nullable(),
    at: z.string(),
  }),
);

/** A player reached an achievement's threshold. */
export const GamifyAchievementEarned = defineEvent(
  "GamifyAchievementEarned",
  z.object({ campaign: z.string(), player: z.string(), achievement: z.string(), name: z.string(), at: z.string() }),
);

/**
 * A visitor's progress (`from`, up to its stream version `fromVersion`) went into the account's player
 * at sign-in: `actions` are the slugs counted for the account by it, `points` what it added, `total` after.
 */
export const GamifyPlayerMerged = defineEvent(
  "GamifyPlayerMerged",
  z.object({
    campaign: z.string(),
    player: z.string(),
    from: z.string(),
    fromVersion: z.number().int(),
    /** The visitor's points at `fromVersion`: those entries now belong to the account. */
    fromTotal: z.number().int(),
    actions: z.array(z.string()),
    points: z.number().int(),
    total: z.number().int(),
    at: z.string(),
  }),
);

/** A player joined the campaign through the join form shown with `panel`. */
export const GamifyPlayerJoined = defineEvent(
  "GamifyPlayerJoined",
  z.object({ campaign: z.string(), player: z.string(), panel: z.string().nullable(), at: z.string() }),
);

export const gamifyCampaignEvents = [GamifyCampaignDefined, GamifyWinnerDrawn] as const;
export type GamifyCampaignEvent = EventOf<typeof gamifyCampaignEvents>;

export const gamifyEvents = [
  GamifyCampaignDefined,
  GamifyWinnerDrawn,
  GamifyActionCounted,
  GamifyAchievementEarned,
  GamifyPlayerMerged,
  GamifyPlayerJoined,
] as const;
export type GamifyEvent = EventOf<typeof gamifyEvents>;
