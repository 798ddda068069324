import { z } from "zod";
import { UserRef } from "../content/events.ts";
import { defineEvent, type EventOf } from "../event-registry.ts";

/** A gamify campaign's definition: `gamifycampaign-{slug}`. */
export const gamifyCampaignStream = (slug: string) => `gamifycampaign-${slug}`;
/** One player's progress in one campaign: `gamifyplayer-{campaign}-{player}` (expected versions make an action count once). */
export const gamifyPlayerStream = (campaign: string, player: string) => `gamifyplayer-${campaign}-${player}`;
/**
 * A confirmed email address tied to the one visitor that confirmed it: `gamifyemail-{key}`, where the
 * key is a keyed hash of the normalised address (never the address), so an address enters one visitor.
 */
export const gamifyEmailStream = (emailKey: string) => `gamifyemail-${emailKey}`;

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

/** How many times one action counted for a player, the points it gave, and the site days it counted on. */
export const GamifyActionTally = z.object({
  action: z.string(),
  count: z.number().int(),
  points: z.number().int(),
  days: z.array(z.string()).default([]),
});
export type GamifyActionTally = z.infer<typeof GamifyActionTally>;

/**
 * Staff drew the campaign's winner, weighted by entries. The event holds the seed and every entry it
 * drew from (sorted by player; only players with a confirmed email), so anyone can run the draw again
 * from the log and get the same winner, and the winner's entries with the actions that gave them
 * (none in draws made before they were kept).
 */
export const GamifyWinnerDrawn = defineEvent(
  "GamifyWinnerDrawn",
  z.object({
    campaign: z.string(),
    seed: z.string(),
    entries: z.array(GamifyDrawEntry),
    winner: z.string(),
    winnerActions: z.array(GamifyActionTally.omit({ days: true })).default([]),
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
    /** The site day (yyyy-mm-dd in SITE_TIME_ZONE) it counted on; null in events written before it was kept. */
    day: z.string().nullable().default(null),
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
    /** What the merge counted, action by action (empty in merges made before it was kept). */
    byAction: z.array(GamifyActionTally).default([]),
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

/**
 * A visitor followed a newsletter confirmation link in its browser: its address is confirmed, so its
 * entries count in draws. Only the first visitor to confirm an address gets it (the stream's first event).
 */
export const GamifyVisitorEmailConfirmed = defineEvent(
  "GamifyVisitorEmailConfirmed",
  z.object({ player: z.string(), at: z.string() }),
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
  GamifyVisitorEmailConfirmed,
] as const;
export type GamifyEvent = EventOf<typeof gamifyEvents>;
