import { sql, type Kysely, type Selectable } from "kysely";
import { type EventOf, isEventOf, monthlyGiftEvents, type RecordedEvent } from "@shop/shared";
import type { Database } from "../database.ts";
import type { Projection } from "../runner/projection.ts";
import { upsertRows } from "../runner/row-projector.ts";
import type { MonthlyGiftsTable } from "./monthly-gifts-tables.ts";

export type MonthlyGiftRow = Selectable<MonthlyGiftsTable>;

/** Monthly gifts, one row each: the giver's list (by user) and staff's (all, latest first). */
export const monthlyGiftsProjection: Projection = {
  name: "monthly-gifts",
  version: 1,
  tables: ["monthly_gifts"],
  handles: ["MonthlyGiftStarted", "MonthlyGiftCharged", "MonthlyGiftPaymentFailed", "MonthlyGiftCancelled"],
  async migrate(db) {
    await sql`CREATE TABLE IF NOT EXISTS monthly_gifts (
      id text PRIMARY KEY,
      user_id text NOT NULL,
      fund text NOT NULL,
      fund_title text NOT NULL,
      campaign text,
      amount_cents integer NOT NULL,
      status text NOT NULL,
      months_paid integer NOT NULL,
      total_cents integer NOT NULL,
      brand text,
      last4 text,
      started_at text NOT NULL,
      last_charged_at text,
      last_failure text,
      cancelled_at text,
      cancelled_by text
    )`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS monthly_gifts_user ON monthly_gifts (user_id, started_at)`.execute(db);
  },
  async apply(trx, recorded) {
    if (!isEventOf(monthlyGiftEvents, recorded)) return;
    const event = recorded;
    const gift = () => trx.updateTable("monthly_gifts").where("id", "=", event.data.id);
    switch (event.type) {
      case "MonthlyGiftStarted": {
        const d = event.data;
        await trx
          .insertInto("monthly_gifts")
          .values(startedRow(d))
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
        return;
      }
      case "MonthlyGiftCharged":
        await gift()
          .set((eb) => ({
            months_paid: eb("months_paid", "+", 1),
            total_cents: eb("total_cents", "+", event.data.amountCents),
            last_charged_at: event.data.chargedAt,
            last_failure: null,
          }))
          .execute();
        return;
      case "MonthlyGiftPaymentFailed":
        await gift().set({ last_failure: event.data.message }).execute();
        return;
      case "MonthlyGiftCancelled":
        await gift()
          .set({ status: "cancelled", cancelled_at: event.data.cancelledAt, cancelled_by: event.data.cancelledBy })
          .execute();
        return;
      default:
        event satisfies never;
    }
  },
  /**
   * The gifts a batch names read at once, its events folded onto them in memory (a charge adds to the
   * months and the total, as its UPDATE does; a change of a gift not there changes nothing), one upsert.
   */
  async applyBatch(trx, events) {
    const named = events.filter((e) => isEventOf(monthlyGiftEvents, e));
    const ids = [...new Set(named.map((e) => e.data.id))];
    const found = await trx
      .selectFrom("monthly_gifts")
      .selectAll()
      .where(sql<boolean>`id = ANY(${ids}::text[])`)
      .execute();
    const rows = new Map(found.map((row) => [row.id, row]));
    const changed = new Set<string>();
    for (const event of named) {
      const row = rows.get(event.data.id);
      if (event.type === "MonthlyGiftStarted") {
        if (row) continue;
        rows.set(event.data.id, startedRow(event.data));
      } else if (!row) continue;
      else if (event.type === "MonthlyGiftCharged") {
        row.months_paid += 1;
        row.total_cents += event.data.amountCents;
        row.last_charged_at = event.data.chargedAt;
        row.last_failure = null;
      } else if (event.type === "MonthlyGiftPaymentFailed") row.last_failure = event.data.message;
      else if (event.type === "MonthlyGiftCancelled")
        Object.assign(row, {
          status: "cancelled",
          cancelled_at: event.data.cancelledAt,
          cancelled_by: event.data.cancelledBy,
        });
      changed.add(event.data.id);
    }
    await upsertRows(
      trx,
      "monthly_gifts",
      ["id"],
      [...changed].map((id) => rows.get(id)!),
    );
  },
};

type Started = (RecordedEvent & EventOf<typeof monthlyGiftEvents> & { type: "MonthlyGiftStarted" })["data"];

function startedRow(d: Started): MonthlyGiftRow {
  return {
    id: d.id,
    user_id: d.userId,
    fund: d.fund,
    fund_title: d.fundTitle,
    campaign: d.campaign,
    amount_cents: d.amountCents,
    status: "active",
    months_paid: 1,
    total_cents: d.amountCents,
    brand: d.brand,
    last4: d.last4,
    started_at: d.startedAt,
    last_charged_at: d.startedAt,
    last_failure: null,
    cancelled_at: null,
    cancelled_by: null,
  };
}

/** A shopper's monthly gifts, latest first (GET /api/account/monthly-gifts/). */
export function listMonthlyGiftsOf(db: Kysely<Database>, userId: string): Promise<MonthlyGiftRow[]> {
  return db
    .selectFrom("monthly_gifts")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("started_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** Every monthly gift, active first, latest first within (GET /admin/api/monthly-gifts/); at most `limit`. */
export function listMonthlyGifts(db: Kysely<Database>, limit = 500): Promise<MonthlyGiftRow[]> {
  return db
    .selectFrom("monthly_gifts")
    .selectAll()
    .orderBy("status")
    .orderBy("started_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export function findMonthlyGift(db: Kysely<Database>, id: string): Promise<MonthlyGiftRow | undefined> {
  return db.selectFrom("monthly_gifts").selectAll().where("id", "=", id).executeTakeFirst();
}
