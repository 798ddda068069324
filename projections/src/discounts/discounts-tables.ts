import type { ColumnType } from "kysely";

/** discounts: every discount's terms for the back-office list and form. The cart reads the log, not this. */
export interface DiscountsTable {
  id: number;
  code: string;
  description: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  min_subtotal_cents: number;
  requires_user: boolean;
  requires_group: string | null;
  /** jsonb: written as JSON text, read back as the list. */
  required_skus: ColumnType<string[], string, string>;
  required_quantity: number;
  starts: string | null;
  ends: string | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  active: boolean;
  free_shipping: boolean;
  /** jsonb: the rate codes made free (empty: every method). */
  free_shipping_methods: ColumnType<string[], string, string>;
  version: number;
}

/** The tables of this read model, as the app's one `Database` type lists them. */
export interface DiscountsTables {
  discounts: DiscountsTable;
}
