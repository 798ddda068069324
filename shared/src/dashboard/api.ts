import { z } from "zod";
import { isTimeZone } from "../domain/site-time.ts";

/** GET /admin/api/dashboard/: the staff dashboard's figures. */
export const DASHBOARD_PATH = "/admin/api/dashboard/";
/** The socket push (admin namespace, staff room) that tells dashboards their figures changed. */
export const DASHBOARD_CHANGED = "dashboard:changed";
/** A tracked SKU with this many or fewer on hand is low. */
export const LOW_STOCK_AT = 5;

export const DashboardQuery = z.object({
  /** The staff's time zone (IANA): where today and this month begin. Default: the site's. */
  tz: z.string().refine(isTimeZone, { message: "Enter a time zone name, e.g. America/New_York." }).optional(),
});
export type DashboardQuery = z.infer<typeof DashboardQuery>;

const count = z.number().int();
/** One period's figures; money in cents, received (a card paid, a check recorded), refunds apart. */
export const DashboardFigures = z.object({
  orders: count,
  revenue_cents: count,
  donations_cents: count,
  refunds: count,
  refunded_cents: count,
  players: count,
});
export type DashboardFigures = z.infer<typeof DashboardFigures>;

export const DashboardAnswer = z.object({
  metadata: z.object({ success: z.literal(true) }),
  time_zone: z.string(),
  today: DashboardFigures.extend({ day: z.string() }),
  month: DashboardFigures.extend({ month: z.string() }),
  /** Each day of this month so far, in the time zone. */
  by_day: z.array(z.object({ day: z.string(), orders: count, revenue_cents: count, donations_cents: count })),
  /** Per campaign: received (counted on the thermometer) and pledged (checks not yet received). */
  campaigns: z.array(z.object({ slug: z.string(), name: z.string(), received_cents: count, pledged_cents: count })),
  /** This month's best sellers by quantity. */
  top_products: z.array(z.object({ sku: z.string(), title: z.string(), quantity: count, revenue_cents: count })),
  low_stock: z.array(z.object({ sku: z.string(), title: z.string(), stock: count })),
  giveaways: z.array(z.object({ campaign: z.string(), name: z.string(), players: count })),
});
export type DashboardAnswer = z.infer<typeof DashboardAnswer>;

/** The push: which event moved the figures (no amounts, no names). */
export type DashboardChangedMessage = { type: string };
