import { formatCents, type MonthlyGiftView } from "@shop/shared";
import type { MonthlyGiftRow } from "@shop/projections";

/** A read-model row as the giver's page and staff's list show it. */
export const monthlyGiftView = (row: MonthlyGiftRow): MonthlyGiftView => ({
  id: row.id,
  fund: row.fund,
  fund_title: row.fund_title,
  campaign: row.campaign,
  amount: formatCents(row.amount_cents),
  amount_cents: row.amount_cents,
  status: row.status,
  months_paid: row.months_paid,
  total_cents: row.total_cents,
  card: row.last4 ? `${row.brand ?? "Card"} ending ${row.last4}` : (row.brand ?? "Card"),
  started_at: row.started_at,
  last_charged_at: row.last_charged_at,
  last_failure: row.last_failure,
  cancelled_at: row.cancelled_at,
  cancelled_by: row.cancelled_by,
  order_number: row.id,
});
