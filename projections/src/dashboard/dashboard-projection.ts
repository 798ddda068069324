import { sql, type RawBuilder, type Transaction } from "kysely";
import { takesStatementBatches, withDeferredWrites } from "../runner/deferred-writes.ts";
import type { z } from "zod";
import { donationEvents, GamifyPlayerJoined, isEventOf, orderEvents, type OrderPlaced } from "@shop/shared";
import type { Database } from "../database.ts";
import type { Projection } from "../runner/projection.ts";

type Counts = Partial<
  Record<"orders" | "revenue_cents" | "donations_cents" | "refunds" | "refunded_cents" | "players", number>
>;

/**
 * The quarter hour (UTC wall time) an instant falls in. Every zone's offset in the tz database since
 * the 1970s is a whole number of quarter hours (Asia/Kolkata +05:30, Asia/Kathmandu +05:45, Lord Howe's
 * half-hour summer time; dashboard-quarters.unit.spec.ts checks the zones Node knows), so a quarter
 * hour never straddles anyone's midnight: an order at 23:45 in Kolkata stays on its day. By the hour,
 * a +05:30 shop's 23:30–00:30 fell in one row, and with it orders after midnight into the day before.
 */
const quarterOf = (at: string | RawBuilder<unknown>) =>
  sql`date_bin('15 minutes', ${at}::timestamptz AT TIME ZONE 'UTC', timestamp '2000-01-01')`;

type AllCounts = Required<Counts>;

/** While a batch is applied (applyBatch): its additions, per transaction, summed and written at its end. */
const batchSums = new WeakMap<object, Array<{ at: string; c: AllCounts }>>();

/** Adds `counts` to the quarter hour `at` falls in (UTC). */
async function addToQuarter(trx: Transaction<Database>, at: string, counts: Counts) {
  const c = { orders: 0, revenue_cents: 0, donations_cents: 0, refunds: 0, refunded_cents: 0, players: 0, ...counts };
  const sums = batchSums.get(trx);
  if (sums) return void sums.push({ at, c });
  await addAllToQuarters(trx, [{ at, c }]);
}

/**
 * A batch's additions in one statement: summed per quarter hour, then added to its row. Additions
 * commute, so the rows are those one statement per event leaves.
 */
async function addAllToQuarters(trx: Transaction<Database>, sums: Array<{ at: string; c: AllCounts }>) {
  if (sums.length === 0) return;
  const column = (key: keyof AllCounts) => sums.map((s) => s.c[key]);
  await sql`INSERT INTO dashboard_hours (hour, orders, revenue_cents, donations_cents, refunds, refunded_cents, players)
    SELECT ${quarterOf(sql.ref("t.at"))}, sum(t.orders), sum(t.revenue_cents), sum(t.donations_cents),
      sum(t.refunds), sum(t.refunded_cents), sum(t.players)
    FROM unnest(${sums.map((s) => s.at)}::text[], ${column("orders")}::bigint[], ${column("revenue_cents")}::bigint[],
      ${column("donations_cents")}::bigint[], ${column("refunds")}::bigint[], ${column("refunded_cents")}::bigint[],
      ${column("players")}::bigint[]) AS t(at, orders, revenue_cents, donations_cents, refunds, refunded_cents, players)
    GROUP BY 1
    ON CONFLICT (hour) DO UPDATE SET
      orders = dashboard_hours.orders + excluded.orders,
      revenue_cents = dashboard_hours.revenue_cents + excluded.revenue_cents,
      donations_cents = dashboard_hours.donations_cents + excluded.donations_cents,
      refunds = dashboard_hours.refunds + excluded.refunds,
      refunded_cents = dashboard_hours.refunded_cents + excluded.refunded_cents,
      players = dashboard_hours.players + excluded.players`.execute(trx);
}

/** The events that move the dashboard's figures (the live push names the same). */
export const DASHBOARD_EVENTS = [
  "OrderPlaced",
  "OrderCheckReceived",
  "OrderCancelled",
  "OrderHoldExpired",
  "OrderRefunded",
  "OrderRefundFailed",
  "CampaignGiftRecorded",
  "CampaignGiftRefunded",
  "GamifyPlayerJoined",
] as const;

/**
 * The staff dashboard's sales, donations and giveaway figures, by quarter hour (UTC wall times, stored
 * as `timestamp` without zone in the column still named `hour`, so readers of the old rows keep working
 * while a rebuild fills the new ones). Low stock and campaign totals come from the catalog and campaigns
 * read models.
 */
export const dashboardProjection: Projection = {
  name: "dashboard",
  // 2: rows by quarter hour (day and month boundaries exact in half- and quarter-hour zones).
  version: 2,
  tables: ["dashboard_hours", "dashboard_product_hours", "dashboard_pledges"],
  handles: DASHBOARD_EVENTS,
  async migrate(db) {
    await sql`CREATE TABLE IF NOT EXISTS dashboard_hours (
      hour timestamp PRIMARY KEY,
      orders integer NOT NULL,
      revenue_cents bigint NOT NULL,
      donations_cents bigint NOT NULL,
      refunds integer NOT NULL,
      refunded_cents bigint NOT NULL,
      players integer NOT NULL
    )`.execute(db);
    await sql`CREATE TABLE IF NOT EXISTS dashboard_product_hours (
      hour timestamp NOT NULL,
      sku text NOT NULL,
      title text NOT NULL,
      quantity integer NOT NULL,
      revenue_cents bigint NOT NULL,
      PRIMARY KEY (hour, sku)
    )`.execute(db);
    await sql`CREATE TABLE IF NOT EXISTS dashboard_pledges (
      order_number text NOT NULL,
      campaign text NOT NULL,
      cents bigint NOT NULL,
      PRIMARY KEY (order_number, campaign)
    )`.execute(db);
  },
  async apply(trx, recorded) {
    if (isEventOf([GamifyPlayerJoined], recorded)) return addToQuarter(trx, recorded.data.at, { players: 1 });
    if (isEventOf(donationEvents, recorded)) {
      const e = recorded;
      if (e.type === "CampaignGiftRecorded")
        await addToQuarter(trx, e.data.recordedAt, { donations_cents: e.data.amountCents });
      if (e.type === "CampaignGiftRefunded")
        await addToQuarter(trx, e.data.refundedAt, { donations_cents: -e.data.amountCents });
      return;
    }
    if (!isEventOf(orderEvents, recorded)) return;
    const e = recorded;
    switch (e.type) {
      case "OrderPlaced":
        return placed(trx, e.data);
      case "OrderCheckReceived":
        await addToQuarter(trx, e.data.at, { revenue_cents: e.data.amountCents });
        return void (await dropPledges(trx, e.data.number));
      case "OrderCancelled":
      case "OrderHoldExpired":
        return void (await dropPledges(trx, e.data.number));
      case "OrderRefunded":
        return addToQuarter(trx, e.data.at, { refunds: 1, refunded_cents: e.data.amountCents });
      case "OrderRefundFailed":
        // The gateway refused it: the money stayed with the shop, the refund did not happen.
        return addToQuarter(trx, e.data.at, { refunds: -1, refunded_cents: -e.data.amountCents });
      default:
        return;
    }
  },
  /**
   * Event by event as `apply` (pledges and product lines through deferred writes where the database
   * takes several statements at once), but the quarter hours' additions summed into one statement.
   */
  async applyBatch(trx, events) {
    const work = async (db: Transaction<Database>) => {
      const sums: Array<{ at: string; c: AllCounts }> = [];
      batchSums.set(db, sums);
      try {
        for (const event of events) await dashboardProjection.apply(db, event);
      } finally {
        batchSums.delete(db);
      }
      await addAllToQuarters(db, sums);
    };
    if (await takesStatementBatches(trx)) await withDeferredWrites(trx, work);
    else await work(trx);
  },
};

type Placed = z.infer<typeof OrderPlaced.schema>;

async function placed(trx: Transaction<Database>, d: Placed) {
  const paid = d.payment.status === "paid" ? d.payment.amountCents : 0;
  await addToQuarter(trx, d.placedAt, { orders: 1, revenue_cents: paid });
  for (const line of d.lines.filter((l) => l.donation === null))
    await sql`INSERT INTO dashboard_product_hours (hour, sku, title, quantity, revenue_cents)
      VALUES (${quarterOf(d.placedAt)}, ${line.skuCode}, ${line.title},
        ${line.quantity}, ${line.totalCents})
      ON CONFLICT (hour, sku) DO UPDATE SET title = excluded.title,
        quantity = dashboard_product_hours.quantity + excluded.quantity,
        revenue_cents = dashboard_product_hours.revenue_cents + excluded.revenue_cents`.execute(trx);
  if (d.payment.status !== "awaiting") return;
  // A gift by check is pledged until the check is recorded as received (then the campaign counts it).
  const pledged = new Map<string, number>();
  for (const line of d.lines)
    if (line.donation?.campaign)
      pledged.set(line.donation.campaign, (pledged.get(line.donation.campaign) ?? 0) + line.totalCents);
  for (const [campaign, cents] of pledged)
    await trx
      .insertInto("dashboard_pledges")
      .values({ order_number: d.number, campaign, cents })
      .onConflict((oc) => oc.columns(["order_number", "campaign"]).doNothing())
      .execute();
}

const dropPledges = (trx: Transaction<Database>, number: string) =>
  trx.deleteFrom("dashboard_pledges").where("order_number", "=", number).execute();
