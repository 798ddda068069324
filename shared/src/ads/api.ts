import { z } from "zod";
export * from "./page.ts";
import { AD_KINDS } from "./page.ts";
import {
  blankAsAbsent,
  boundedText,
  checkbox,
  listCount,
  listStart,
  pgInt,
  requiredText,
} from "../http/request-fields.ts";

export const AD_LINK_MESSAGE = "Enter a path on this site (starting with /) or an https:// address.";
export const AD_IMAGE_MESSAGE = "Enter an image path on this site (starting with /) or an https:// address.";

/** A same-site path (not //host) or an absolute https URL; nothing else (no javascript:, no http:). */
export function isAdUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}

const adBody = {
  title: requiredText(200),
  link_url: requiredText(2000)
    .refine((v) => v === "" || isAdUrl(v), AD_LINK_MESSAGE)
    .meta({ pattern: "^(/|https://)", override: { examples: ["/store/"] } }),
  image_url: requiredText(2000)
    .refine((v) => v === "" || isAdUrl(v), AD_IMAGE_MESSAGE)
    .meta({ pattern: "^(/|https://)", override: { examples: ["/media/ad.png"] } }),
  alt_text: requiredText(300),
  active: checkbox.default(true),
  /** magazine: the placement at a third of a long page; own: the one at two thirds (spec §9). */
  kind: z
    .enum(AD_KINDS)
    .default("own")
    .meta({ override: { examples: ["own"] } }),
};

/** POST /admin/api/content/ad/ */
export const CreateAdRequest = z.object(adBody);
export type CreateAdRequest = z.infer<typeof CreateAdRequest>;

/** PUT /admin/api/content/ad/{id}/: every field again, with the version the form was loaded at. */
export const UpdateAdRequest = z.object({ ...adBody, expected_version: pgInt({ min: -1 }).optional() });
export type UpdateAdRequest = z.infer<typeof UpdateAdRequest>;

export const AD_SORT_COLUMNS = ["id", "title", "link_url", "active"] as const;

/** GET /admin/api/content/ad/: count/start/sort, q over title and link. */
export const AdListQuery = z.object({
  start: listStart(),
  count: listCount(),
  sort: z
    .string()
    .regex(/^-?[a-z_]{1,100}$/, "Enter a column name, or -column for descending.")
    .default("title"),
  q: blankAsAbsent(boundedText(200).optional()),
});
export type AdListQuery = z.infer<typeof AdListQuery>;
