import type { ColumnType } from "kysely";
import type { OrderStatus, OrderView } from "@shop/shared";

/** orders: each placed order with its page ready (the complete page, the history, the staff list). */
export interface OrdersTable {
  number: string;
  cart_id: string;
  user_id: string | null;
  /** Whose personal data the order holds (their key sealed it): PersonErased of them erases it here. */
  person: string | null;
  email: string;
  name: string;
  /** What the `status` field says (ORDER_STATUS_LABELS of `state`). */
  status: string;
  /** The order's state in the transition table. */
  state: OrderStatus;
  payment_status: string;
  total_cents: ColumnType<number | string, number, number>;
  paid_cents: ColumnType<number | string, number, number>;
  refunded_cents: ColumnType<number | string, number, number>;
  tracking_number: string | null;
  cancelled: boolean;
  awaiting_payment: boolean;
  /** An unpaid check order: when the server cancels it unless the check arrives (ISO time); else null. */
  hold_until: string | null;
  /**
   * A closed order (cancelled, refunded in full): until when the leader's put-back sweep runs its
   * put-back again, in case the process doing it died half way (ISO time); else null.
   */
  put_back_until: string | null;
  /** The gateway's reference of the payment (a Stripe PaymentIntent id), or null. */
  payment_reference: string | null;
  /** The order stream's position of its last event (the staff actions' expected_version). */
  version: number;
  placed_at: string;
  view: ColumnType<OrderView, string, string>;
}

export interface OrdersTables {
  orders: OrdersTable;
}
