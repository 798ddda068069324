import { z } from "zod";
import { blankAsAbsent, pgInt, requiredText } from "../http/request-fields.ts";

/** What staff read when the rate table is refused (back office, /admin/store/shipping-rate/). */
export const SHIPPING_RATE_MESSAGES = {
  code: "Enter lowercase letters, digits, - or _ only.",
  duplicateCode: "Each code once: this one is already in the table.",
  atLeastOne: "Give at least one shipping rate.",
  tooMany: "At most 20 shipping rates.",
} as const;

/** One row of the staff form: money in cents, `free_over_cents` blank for never free. */
export const ShippingRateRow = z.object({
  code: requiredText(50).refine((c) => c === "" || /^[a-z0-9_-]+$/.test(c), SHIPPING_RATE_MESSAGES.code),
  label: requiredText(200),
  base_cents: pgInt({ min: 0 }),
  per_item_cents: pgInt({ min: 0 }),
  free_over_cents: blankAsAbsent(pgInt({ min: 1 }).nullable().default(null)),
});
export type ShippingRateRow = z.infer<typeof ShippingRateRow>;

/** PUT /admin/api/store/shipping-rate/: the whole table, with the version the form was loaded at. */
export const SetShippingRatesRequest = z
  .object({
    rates: z.array(ShippingRateRow).min(1, SHIPPING_RATE_MESSAGES.atLeastOne).max(20, SHIPPING_RATE_MESSAGES.tooMany),
    expected_version: pgInt({ min: -1 }),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.rates.forEach((rate, i) => {
      if (seen.has(rate.code))
        ctx.addIssue({ code: "custom", message: SHIPPING_RATE_MESSAGES.duplicateCode, path: ["rates", i, "code"] });
      seen.add(rate.code);
    });
  });
export type SetShippingRatesRequest = z.infer<typeof SetShippingRatesRequest>;

/** GET and PUT /admin/api/store/shipping-rate/: the table in use and its version (-1: the demo table, never set). */
export const ShippingRatesAnswer = z.object({
  metadata: z.object({ success: z.boolean() }),
  rates: z.array(ShippingRateRow),
  version: z.number(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type ShippingRatesAnswer = z.infer<typeof ShippingRatesAnswer>;
