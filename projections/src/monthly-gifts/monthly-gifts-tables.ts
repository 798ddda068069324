/** monthly_gifts: each monthly gift as its giver's account page and staff list it (services/src/monthly-gifts). */
export interface MonthlyGiftsTable {
  /** The order number of the first month. */
  id: string;
  user_id: string;
  fund: string;
  fund_title: string;
  campaign: string | null;
  amount_cents: number;
  status: "active" | "cancelled";
  /** The first month (the order) included. */
  months_paid: number;
  total_cents: number;
  brand: string | null;
  last4: string | null;
  started_at: string;
  last_charged_at: string | null;
  last_failure: string | null;
  cancelled_at: string | null;
  cancelled_by: "shopper" | "staff" | "gateway" | null;
}

export interface MonthlyGiftsTables {
  monthly_gifts: MonthlyGiftsTable;
}
