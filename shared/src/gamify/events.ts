import { z } from "zod";
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

export const GamifyCampaignFields = z.object({
  slug,
  name: z.string().min(1).max(200),
  actions: z.array(GamifyAction).min(1),
  achievements: z.array(GamifyAchievement),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type GamifyCampaignFields = z.infer<typeof GamifyCampaignFields>;

/** Staff defined (or redefined) a campaign: the whole definition each time. */
export const GamifyCampaignDefined = defineEvent(
  "GamifyCampaignDefined",
  GamifyCampaignFields.extend({ definedAt: z.string() }),
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

export const gamifyEvents = [GamifyCampaignDefined, GamifyActionCounted, GamifyAchievementEarned] as const;
export type GamifyEvent = EventOf<typeof gamifyEvents>;
