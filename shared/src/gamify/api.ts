import { z } from "zod";

export * from "./constants.ts";

/** §7 register-action form fields: campaign, action, optional data. */
export const RegisterActionRequest = z.object({
  campaign: z.string().min(1).max(100),
  action: z.string().min(1).max(100),
  data: z.string().max(2000).optional(),
});
/** §7 get-player-status and campaign-info form field: campaign. */
export const CampaignRequest = z.object({ campaign: z.string().min(1).max(100) });

export const AchievementView = z.object({ slug: z.string(), name: z.string() });
export type AchievementView = z.infer<typeof AchievementView>;

/** §7 register-action: success, points, achievements (all earned), and the ones this action earned. */
export const RegisterActionAnswer = z.object({
  success: z.literal(true),
  points: z.number(),
  achievements: z.array(AchievementView),
  new_achievements: z.array(AchievementView),
  counted: z.boolean(),
});
export type RegisterActionAnswer = z.infer<typeof RegisterActionAnswer>;

export const PlayerStatusAnswer = z.object({ points: z.number(), achievements: z.array(AchievementView) });
export type PlayerStatusAnswer = z.infer<typeof PlayerStatusAnswer>;

export const CampaignInfoAnswer = z.object({
  slug: z.string(),
  name: z.string(),
  actions: z.array(z.object({ type: z.string(), slug: z.string(), points: z.number(), repeatable: z.boolean() })),
  achievements: z.array(z.object({ slug: z.string(), name: z.string(), threshold: z.number() })),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
});
export type CampaignInfoAnswer = z.infer<typeof CampaignInfoAnswer>;
