import { z } from "zod";

export { MONTHLY_GIFT_MESSAGES } from "./messages.ts";

/** One monthly gift as its giver and staff see it; money in cents and as the shop shows it. */
export const MonthlyGiftView = z.object({
  id: z.string(),
  fund: z.string(),
  fund_title: z.string(),
  campaign: z.string().nullable(),
  amount: z.string(),
  amount_cents: z.number().int(),
  status: z.enum(["active", "cancelled"]),
  /** Months paid, the first (the order `order_number`) included. */
  months_paid: z.number().int(),
  total_cents: z.number().int(),
  card: z.string(),
  started_at: z.string(),
  last_charged_at: z.string().nullable(),
  last_failure: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancelled_by: z.enum(["shopper", "staff", "gateway"]).nullable(),
  order_number: z.string(),
});
export type MonthlyGiftView = z.infer<typeof MonthlyGiftView>;

const metadata = z.object({ success: z.boolean(), message: z.string().optional(), errors: z.array(z.string()) });

/** GET /api/account/monthly-gifts/: the signed-in shopper's monthly gifts, latest first. */
export const MonthlyGiftListAnswer = z.object({ metadata, items: z.array(MonthlyGiftView) });
export type MonthlyGiftListAnswer = z.infer<typeof MonthlyGiftListAnswer>;

/** A staff member's row: the giver's account too. */
export const StaffMonthlyGiftView = MonthlyGiftView.extend({ user_id: z.string() });
/** GET /admin/api/monthly-gifts/: every monthly gift, latest first. */
export const StaffMonthlyGiftListAnswer = z.object({ metadata, items: z.array(StaffMonthlyGiftView) });
export type StaffMonthlyGiftListAnswer = z.infer<typeof StaffMonthlyGiftListAnswer>;

/** POST .../{id}/cancel/ and the test gateway's month: the gift as it stands after. */
export const MonthlyGiftAnswer = z.object({ metadata, gift: MonthlyGiftView });
export type MonthlyGiftAnswer = z.infer<typeof MonthlyGiftAnswer>;

/** POST /admin/api/monthly-gifts/{id}/test-month/ (test gateway only): charge the next month now, or decline it. */
export const TestMonthRequest = z.object({ decline: z.boolean().optional().default(false) });
