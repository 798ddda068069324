import { sql, type Kysely } from "kysely";
import { LOW_STOCK_AT, type DashboardAnswer } from "@shop/shared/dashboard/api";
import type { Database } from "../database.ts";

const n = (v: unknown) => Number(v ?? 0);
type Row = Record<string, unknown>;

/**
 * The dashboard's figures for a staff member in `zone` at `now`: today and this month begin at
 * midnight there (the rows are quarter hours, which no zone's midnight splits). Sums a month of rows
 * at most, so it stays one cheap read per request.
 */
export async function dashboardFigures(
  db: Kysely<Database>,
  zone: string,
  now: Date,
): Promise<Omit<DashboardAnswer, "metadata">> {
  const at = now.toISOString();
  // The quarter-hour rows are UTC wall times; `localHour` is the same instant on the staff's clock.
  const localHour = sql`((hour AT TIME ZONE 'UTC') AT TIME ZONE ${zone})`;
  const today = sql<string>`to_char(${at}::timestamptz AT TIME ZONE ${zone}, 'YYYY-MM-DD')`;
  const recent = sql`hour >= (${at}::timestamptz - interval '32 days') AT TIME ZONE 'UTC'`;
  const day = (await sql<{ day: string }>`SELECT ${today} AS day`.execute(db)).rows[0]!.day;
  const month = day.slice(0, 7);
  const thisMonth = sql`${recent} AND to_char(${localHour}, 'YYYY-MM') = ${month}`;
  const days = await sql<Row>`SELECT to_char(${localHour}, 'YYYY-MM-DD') AS day,
      sum(orders) AS orders, sum(revenue_cents) AS revenue_cents, sum(donations_cents) AS donations_cents,
      sum(refunds) AS refunds, sum(refunded_cents) AS refunded_cents, sum(players) AS players
    FROM dashboard_hours WHERE ${thisMonth} GROUP BY 1 ORDER BY 1`.execute(db);
  const sum = (rows: Row[]) => ({
    orders: rows.reduce((s, r) => s + n(r.orders), 0),
    revenue_cents: rows.reduce((s, r) => s + n(r.revenue_cents), 0),
    donations_cents: rows.reduce((s, r) => s + n(r.donations_cents), 0),
    refunds: rows.reduce((s, r) => s + n(r.refunds), 0),
    refunded_cents: rows.reduce((s, r) => s + n(r.refunded_cents), 0),
    players: rows.reduce((s, r) => s + n(r.players), 0),
  });
  const products =
    await sql<Row>`SELECT sku, max(title) AS title, sum(quantity) AS quantity, sum(revenue_cents) AS revenue_cents
    FROM dashboard_product_hours WHERE ${thisMonth}
    GROUP BY sku ORDER BY sum(quantity) DESC, sku LIMIT 5`.execute(db);
  const campaigns = await sql<Row>`SELECT c.slug, c.name, c.raised_cents,
      (SELECT coalesce(sum(p.cents), 0) FROM dashboard_pledges p WHERE p.campaign = c.slug) AS pledged_cents
    FROM campaigns c ORDER BY c.id`.execute(db);
  const low = await db
    .selectFrom("skus")
    .select(["sku", "name", "stock"])
    .where("active", "=", true)
    .where("stock", "is not", null)
    .where("stock", "<=", LOW_STOCK_AT)
    .orderBy("stock")
    .orderBy("sku")
    .limit(10)
    .execute();
  const giveaways = await sql<Row>`SELECT g.slug, g.name,
      (SELECT count(*) FROM gamify_players p WHERE p.campaign = g.slug) AS players
    FROM gamify_campaigns g ORDER BY g.slug`.execute(db);
  return {
    time_zone: zone,
    today: { day, ...sum(days.rows.filter((r) => r.day === day)) },
    month: { month, ...sum(days.rows) },
    by_day: days.rows.map((r) => ({
      day: String(r.day),
      orders: n(r.orders),
      revenue_cents: n(r.revenue_cents),
      donations_cents: n(r.donations_cents),
    })),
    campaigns: campaigns.rows.map((r) => ({
      slug: String(r.slug),
      name: String(r.name),
      received_cents: n(r.raised_cents),
      pledged_cents: n(r.pledged_cents),
    })),
    top_products: products.rows.map((r) => ({
      sku: String(r.sku),
      title: String(r.title),
      quantity: n(r.quantity),
      revenue_cents: n(r.revenue_cents),
    })),
    low_stock: low.map((r) => ({ sku: r.sku, title: r.name, stock: n(r.stock) })),
    giveaways: giveaways.rows.map((r) => ({ campaign: String(r.slug), name: String(r.name), players: n(r.players) })),
  };
}
