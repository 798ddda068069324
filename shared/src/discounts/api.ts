import { z } from "zod";
import { blankAsAbsent, boundedText, listCount, listStart, pgInt, requiredText } from "../http/request-fields.ts";

const isoOrNull = blankAsAbsent(
  z.iso.datetime({ offset: true, message: "Enter a valid date-time." }).nullable().default(null),
).or(z.null());
const centsOrNull = blankAsAbsent(pgInt({ min: 0 }).nullable().default(null));
const limitOrNull = blankAsAbsent(pgInt({ min: 1 }).nullable().default(null));

/** The fields of a discount as the back office sends them (snake_case, money in cents). */
const discountFields = {
  description: boundedText(1000).default(""),
  percent_off: blankAsAbsent(pgInt({ min: 0, max: 100 }).nullable().default(null)),
  amount_off_cents: centsOrNull,
  min_subtotal_cents: blankAsAbsent(pgInt({ min: 0 }).default(0)),
  requires_user: z.boolean().default(false),
  requires_group: blankAsAbsent(boundedText(100).nullable().default(null)),
  required_skus: z.array(requiredText(100)).max(500).default([]),
  required_quantity: blankAsAbsent(pgInt({ min: 0 }).default(0)),
  starts: isoOrNull,
  ends: isoOrNull,
  max_uses: limitOrNull,
  max_uses_per_customer: limitOrNull,
  active: z.boolean().default(true),
  free_shipping: z.boolean().default(false),
  /** Rate codes the free shipping covers; empty: every method. */
  free_shipping_methods: z.array(requiredText(50)).max(50).default([]),
};

// A free-shipping discount may take nothing else off.
const oneKind = (d: { percent_off: number | null; amount_off_cents: number | null; free_shipping: boolean }) =>
  (d.percent_off === null) !== (d.amount_off_cents === null) ||
  (d.free_shipping && d.percent_off === null && d.amount_off_cents === null);
const ONE_KIND = { message: "Give either percent_off or amount_off_cents.", path: ["__all__"] };

/** POST /admin/api/store/discount/: a new discount; its code is upper-cased, trimmed and never changes. */
export const CreateDiscountRequest = z
  .object({
    code: requiredText(50)
      .transform((c) => c.toUpperCase())
      .refine((c) => /^[A-Z0-9_-]+$/.test(c), "Enter letters, digits, - or _ only."),
    ...discountFields,
  })
  .refine(oneKind, ONE_KIND)
  .meta({
    description: "Exactly one of percent_off and amount_off_cents.",
    override: { examples: [{ code: "SAVE10", description: "Ten percent off", percent_off: 10 }] },
  });
export type CreateDiscountRequest = z.infer<typeof CreateDiscountRequest>;

/** PUT /admin/api/store/discount/{id}/: every field again, with the version the form was loaded at. */
export const UpdateDiscountRequest = z
  .object({ ...discountFields, expected_version: pgInt({ min: -1 }).optional() })
  .refine(oneKind, ONE_KIND)
  .meta({
    description: "Exactly one of percent_off and amount_off_cents.",
    override: { examples: [{ description: "Ten percent off", percent_off: 10 }] },
  });
export type UpdateDiscountRequest = z.infer<typeof UpdateDiscountRequest>;

/** Columns the discount list sorts by (`-col` descending). */
export const DISCOUNT_SORT_COLUMNS = ["id", "code", "description", "starts", "ends", "active"] as const;

/** GET /admin/api/store/discount/: count/start/sort and filters (q over code and description, active). */
export const DiscountListQuery = z.object({
  start: listStart(),
  count: listCount(),
  sort: z
    .string()
    .regex(/^-?[a-z_]{1,100}$/, "Enter a column name, or -column for descending.")
    .default("-id"),
  q: boundedText(200).optional(),
  active: z.enum(["true", "false"]).optional(),
});
export type DiscountListQuery = z.infer<typeof DiscountListQuery>;

/** GET /api/store/shop/apply-discounts/?discounts=["CODE","-OLD"]: a JSON list, or one bare code. */
export const ApplyDiscountsQuery = z.object({
  discounts: z
    .string()
    .max(5000)
    .transform((raw, ctx): string[] => {
      let value: unknown = raw;
      try {
        value = JSON.parse(raw);
      } catch {
        // a bare code (`?discounts=SAVE10`) is a list of one
      }
      const list = Array.isArray(value) ? value : [value];
      if (list.length > 50 || !list.every((c) => typeof c === "string" || typeof c === "number")) {
        ctx.addIssue({ code: "custom", message: "Enter a list of discount codes." });
        return z.NEVER;
      }
      return list.map(String);
    })
    .default([]),
  x: z.string().optional(),
  ts: z.string().optional(),
});
