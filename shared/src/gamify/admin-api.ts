import { z } from "zod";
import { blankAsAbsent, boundedText, listCount, listStart, pgInt, requiredText } from "../http/request-fields.ts";
import type { GamifyAchievement, GamifyAction, GamifyPanel } from "./events.ts";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const WHOLE = /^\d{1,9}$/;
const isoOrNull = z
  .preprocess(
    (v) => (v === "" || v === undefined ? null : v),
    z.iso.datetime({ offset: true, message: "Enter a valid date-time." }).nullable(),
  )
  .default(null);

/**
 * A textarea of one item a line (blank lines skipped), each line parsed by `parse`, which answers the
 * item or the line's problem. Problems come back as 'Line N: …' on the field.
 */
function lines<T>(parse: (words: string[], line: string) => T | string, options: { min?: number } = {}) {
  return boundedText(20_000).transform((text, ctx) => {
    const items: T[] = [];
    text.split(/\r?\n/).forEach((raw, i) => {
      const line = raw.trim();
      if (!line) return;
      const parsed = parse(line.split(/\s+/), line);
      if (typeof parsed === "string") ctx.addIssue({ code: "custom", message: `Line ${i + 1}: ${parsed}` });
      else items.push(parsed);
    });
    if (items.length < (options.min ?? 0)) ctx.addIssue({ code: "custom", message: "Enter at least one action." });
    return items;
  });
}

/** 'type slug points [repeatable]', e.g. 'video-play video-play 3'. */
export const actionLines = lines<GamifyAction>(
  ([type, slug, points, repeatable, ...rest]) => {
    if (!type || !slug || points === undefined || rest.length || (repeatable && repeatable !== "repeatable"))
      return "Write 'type slug points', and 'repeatable' when it counts every time.";
    if (!SLUG.test(slug)) return `'${slug}' is not a valid slug.`;
    if (!WHOLE.test(points)) return "Points must be a whole number.";
    return { type, slug, points: Number(points), repeatable: repeatable === "repeatable" };
  },
  { min: 1 },
);

/** 'threshold slug Name', e.g. '9 super-fan Super Fan'. */
export const achievementLines = lines<GamifyAchievement>(([threshold, slug, ...name]) => {
  if (!threshold || !slug || !name.length) return "Write 'threshold slug Name'.";
  if (!WHOLE.test(threshold) || Number(threshold) < 1) return "The threshold must be a whole number of 1 or more.";
  if (!SLUG.test(slug)) return `'${slug}' is not a valid slug.`;
  return { threshold: Number(threshold), slug, name: name.join(" ").slice(0, 200) };
});

/** 'weight slug Name | creative', e.g. '3 summer Summer fun | Win a week of VBS'. */
export const panelLines = lines<GamifyPanel>(([weight, slug, ...rest]) => {
  const [name = "", ...creative] = rest.join(" ").split("|");
  if (!weight || !slug || !name.trim()) return "Write 'weight slug Name | words shown'.";
  if (!WHOLE.test(weight)) return "The weight must be a whole number.";
  if (!SLUG.test(slug)) return `'${slug}' is not a valid slug.`;
  return { weight: Number(weight), slug, name: name.trim().slice(0, 200), creative: creative.join("|").trim() };
});

const campaignBody = {
  name: requiredText(200),
  starts_at: isoOrNull,
  ends_at: isoOrNull,
  actions: actionLines.meta({
    description: "One action a line: 'type slug points', and 'repeatable' when it counts every time",
    override: { examples: ["visit home-page 10"] },
  }),
  achievements: achievementLines.default([]),
  panels: panelLines.default([]),
};

/** POST /admin/api/gamify/campaign/: a new campaign (its slug names it for good). */
export const CreateGamifyCampaignRequest = z.object({
  slug: requiredText(100).refine((s) => SLUG.test(s), "Enter a valid slug: lower-case letters, numbers and hyphens."),
  ...campaignBody,
});
export type CreateGamifyCampaignRequest = z.infer<typeof CreateGamifyCampaignRequest>;

/** PUT /admin/api/gamify/campaign/{slug}/: every field again, with the version the form was loaded at. */
export const UpdateGamifyCampaignRequest = z.object({
  ...campaignBody,
  expected_version: pgInt({ min: -1 }).optional(),
});
export type UpdateGamifyCampaignRequest = z.infer<typeof UpdateGamifyCampaignRequest>;

export const GAMIFY_CAMPAIGN_SORT_COLUMNS = ["slug", "name", "starts_at", "ends_at", "players", "entries"] as const;

/** GET /admin/api/gamify/campaign/: count/start/sort, q over slug and name. */
export const GamifyCampaignListQuery = z.object({
  start: listStart(),
  count: listCount(),
  sort: z
    .string()
    .regex(/^-?[a-z_]{1,100}$/, "Enter a column name, or -column for descending.")
    .default("slug"),
  q: blankAsAbsent(boundedText(200).optional()),
});
export type GamifyCampaignListQuery = z.infer<typeof GamifyCampaignListQuery>;

/** The textareas' text for a definition (the form shows what it will send back). */
export const actionsText = (actions: GamifyAction[]) =>
  actions.map((a) => `${a.type} ${a.slug} ${a.points}${a.repeatable ? " repeatable" : ""}`).join("\n");
export const achievementsText = (achievements: GamifyAchievement[]) =>
  achievements.map((a) => `${a.threshold} ${a.slug} ${a.name}`).join("\n");
export const panelsText = (panels: GamifyPanel[]) =>
  panels.map((p) => `${p.weight} ${p.slug} ${p.name}${p.creative ? ` | ${p.creative}` : ""}`).join("\n");

/** POST /gamify/join/?ts=: the campaign, the panel the page showed, the rules box, where to go after. */
export const JoinRequest = z.object({
  campaign: requiredText(100),
  panel: blankAsAbsent(boundedText(100).optional()),
  accept_rules: z
    .preprocess((v) => v === true || v === "1" || v === "on" || v === "true", z.boolean())
    .default(false)
    .meta({
      description: "Must be ticked (true) to join: the giveaway's rules accepted",
      override: { examples: [true] },
    }),
  redirect: blankAsAbsent(boundedText(500).optional()),
});
export type JoinRequest = z.infer<typeof JoinRequest>;

/** GET /api/gamify/giveaway/?campaign= */
export const GiveawayQuery = z.object({ campaign: requiredText(100), ts: z.string().optional() });
