import { createHmac } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Database } from "@shop/projections";
import type { AnalyticsEvent, AnalyticsSummary } from "@shop/shared/analytics/api";
import { underStartupMigrationLock } from "../platform/startup-migration.ts";

// Page events are kept in a table of their own, like client_errors: numerous, untrusted, not business
// facts. Rows older than ANALYTICS_KEPT_DAYS are deleted as new ones come in.
export const ANALYTICS_KEPT_DAYS = 400;

export async function migrateAnalytics(db: Kysely<Database>): Promise<void> {
  await underStartupMigrationLock(db, async (trx) => {
    await sql`CREATE TABLE IF NOT EXISTS analytics_events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at timestamptz NOT NULL,
      day date NOT NULL,
      visitor text NOT NULL,
      name text NOT NULL,
      path text NOT NULL,
      sku text NULL,
      value_cents integer NULL,
      step integer NULL,
      target text NULL
    )`.execute(trx);
    await sql`CREATE INDEX IF NOT EXISTS analytics_events_day ON analytics_events (day, name)`.execute(trx);
  });
}

/**
 * The anonymous visitor of a day: a keyed hash of the day, the address and the browser. It links one
 * visitor's events within a day (for the funnel) and nothing across days; no cookie is set, and
 * neither the address nor the browser is kept.
 */
export function dailyVisitor(key: Buffer, day: string, ip: string, userAgent: string): string {
  return createHmac("sha256", key).update(`${day}\n${ip}\n${userAgent}`).digest("base64url").slice(0, 22);
}

export function analyticsLog(db: Kysely<Database>) {
  let ready: Promise<void> | null = null;
  const migrated = () =>
    (ready ??= migrateAnalytics(db).catch((error) => {
      ready = null;
      throw error;
    }));
  return {
    async record(events: readonly AnalyticsEvent[], from: { visitor: string; at: Date }): Promise<void> {
      await migrated();
      const day = from.at.toISOString().slice(0, 10);
      await db
        .insertInto("analytics_events")
        .values(
          events.map((e) => ({
            at: from.at,
            day,
            visitor: from.visitor,
            name: e.name,
            path: e.path.split("?")[0],
            sku: e.sku ?? null,
            value_cents: e.value_cents ?? null,
            step: e.step ?? null,
            target: e.target ?? null,
          })),
        )
        .execute();
    },

    /** Rows past ANALYTICS_KEPT_DAYS go (the leader's daily sweep, or a test). */
    async prune(now: Date): Promise<number> {
      await migrated();
      const before = new Date(now.getTime() - ANALYTICS_KEPT_DAYS * 86_400_000).toISOString().slice(0, 10);
      const result = await db.deleteFrom("analytics_events").where("day", "<", before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The staff page's figures for the `days` days up to and including `now`'s. */
    async summary(days: number, now: Date): Promise<Omit<AnalyticsSummary, "metadata">> {
      await migrated();
      const first = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
      const since = db.selectFrom("analytics_events").where("day", ">=", first);
      const distinct = (name: string) =>
        since
          .where("name", "=", name)
          .select(sql<string>`count(DISTINCT visitor)`.as("n"))
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n));
      const [views, adds, checkouts, purchases, pages, products, byDay] = await Promise.all([
        distinct("page_view"),
        distinct("add_to_cart"),
        distinct("checkout_step"),
        distinct("purchase"),
        since
          .where("name", "=", "page_view")
          .select(["path", sql<string>`count(*)`.as("n")])
          .groupBy("path")
          .orderBy(sql`count(*)`, "desc")
          .orderBy("path")
          .limit(10)
          .execute(),
        since
          .where("name", "=", "add_to_cart")
          .where("sku", "is not", null)
          .select(["sku", sql<string>`count(*)`.as("n"), sql<string>`coalesce(sum(value_cents), 0)`.as("cents")])
          .groupBy("sku")
          .orderBy(sql`count(*)`, "desc")
          .orderBy("sku")
          .limit(10)
          .execute(),
        since
          .select([
            sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day"),
            sql<string>`count(DISTINCT visitor)`.as("visitors"),
            sql<string>`count(*) FILTER (WHERE name = 'page_view')`.as("views"),
            sql<string>`count(*) FILTER (WHERE name = 'purchase')`.as("purchases"),
            sql<string>`coalesce(sum(value_cents) FILTER (WHERE name = 'purchase'), 0)`.as("revenue"),
          ])
          .groupBy("day")
          .orderBy("day")
          .execute(),
      ]);
      return {
        days,
        funnel: { views, adds, checkouts, purchases },
        top_pages: pages.map((p) => ({ path: p.path, views: Number(p.n) })),
        top_products: products.map((p) => ({ sku: p.sku ?? "", adds: Number(p.n), value_cents: Number(p.cents) })),
        // Every day of the period, a quiet one as zeros: the chart's axis is the period.
        by_day: Array.from({ length: days }, (_, i) => {
          const day = new Date(Date.parse(first) + i * 86_400_000).toISOString().slice(0, 10);
          const d = byDay.find((row) => row.day === day);
          return {
            day,
            visitors: Number(d?.visitors ?? 0),
            views: Number(d?.views ?? 0),
            purchases: Number(d?.purchases ?? 0),
            revenue_cents: Number(d?.revenue ?? 0),
          };
        }),
      };
    },
  };
}
