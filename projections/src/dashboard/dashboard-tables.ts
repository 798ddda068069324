import type { ColumnType } from "kysely";

type Cents = ColumnType<number | string, number, number>;

/**
 * dashboard_hours: each UTC quarter hour's orders, money received, refunds and giveaway joins (`hour`
 * is the quarter's start). Kept by quarter hour so a staff member's "today" and "this month" start at
 * their own midnight in any time zone, +05:30 and +05:45 included.
 */
export interface DashboardHoursTable {
  hour: ColumnType<Date | string, string, string>;
  orders: number;
  revenue_cents: Cents;
  donations_cents: Cents;
  refunds: number;
  refunded_cents: Cents;
  players: number;
}

/** dashboard_product_hours: goods sold per SKU and quarter hour (donations apart). */
export interface DashboardProductHoursTable {
  hour: ColumnType<Date | string, string, string>;
  sku: string;
  title: string;
  quantity: number;
  revenue_cents: Cents;
}

/** dashboard_pledges: donations of orders awaiting a check, per campaign; gone once received or cancelled. */
export interface DashboardPledgesTable {
  order_number: string;
  campaign: string;
  cents: Cents;
}

export interface DashboardTables {
  dashboard_hours: DashboardHoursTable;
  dashboard_product_hours: DashboardProductHoursTable;
  dashboard_pledges: DashboardPledgesTable;
}
