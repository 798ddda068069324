import { z } from "zod";
import { blankAsAbsent, boundedText, listCount, listStart, pgInt, requiredText } from "../http/request-fields.ts";

const isoOrNull = z
  .preprocess(
    (v) => (v === "" ? null : v),
    z.iso.datetime({ offset: true, message: "Enter a valid date-time." }).nullable(),
  )
  .default(null);

/** GET /api/store/campaign-status/?campaign=&render_template=true&template= */
export const CampaignStatusQuery = z.object({
  campaign: boundedText(100).default("ark-main"),
  render_template: z.enum(["true", "false", "1", "0", ""]).optional(),
  template: boundedText(200).optional(),
  ts: z.string().optional(),
  x: z.string().optional(),
});

/** POST /admin/api/store/campaign/: slug (never changes), name, goal and dates. */
export const CreateCampaignRequest = z.object({
  slug: requiredText(100).refine(
    (s) => /^[\w-]+$/.test(s),
    "Enter a valid slug consisting of letters, numbers or hyphens.",
  ),
  name: requiredText(200),
  goal_cents: pgInt({ min: 0 }),
  starts: isoOrNull,
  ends: isoOrNull,
});
export type CreateCampaignRequest = z.infer<typeof CreateCampaignRequest>;

/** PUT /admin/api/store/campaign/{id}/ */
export const UpdateCampaignRequest = z.object({
  name: requiredText(200),
  goal_cents: pgInt({ min: 0 }),
  starts: isoOrNull,
  ends: isoOrNull,
  expected_version: pgInt({ min: -1 }).optional(),
});
export type UpdateCampaignRequest = z.infer<typeof UpdateCampaignRequest>;

/** POST /admin/api/store/campaign/{slug}/gift/: an offline gift (a cheque) staff record. */
export const RecordGiftRequest = z.object({
  amount_cents: pgInt({ min: 1 }),
  donor_name: boundedText(200).default(""),
  note: boundedText(2000).default(""),
});
export type RecordGiftRequest = z.infer<typeof RecordGiftRequest>;

export const CAMPAIGN_SORT_COLUMNS = [
  "id",
  "slug",
  "name",
  "goal_cents",
  "raised_cents",
  "donors",
  "starts",
  "ends",
] as const;

/** GET /admin/api/store/campaign/: count/start/sort, q over slug and name. */
export const CampaignListQuery = z.object({
  start: listStart(),
  count: listCount(),
  sort: z
    .string()
    .regex(/^-?[a-z_]{1,100}$/, "Enter a column name, or -column for descending.")
    .default("-id"),
  q: blankAsAbsent(boundedText(200).optional()),
});
export type CampaignListQuery = z.infer<typeof CampaignListQuery>;
