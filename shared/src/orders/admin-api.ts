import { z } from "zod";
import { ORDER_STATUSES } from "./order-status.ts";
import { blankAsAbsent, boundedText, listCount, listStart, pgInt, requiredText } from "../http/request-fields.ts";

/** Columns the staff order list sorts by. */
export const ORDER_SORT_COLUMNS = ["number", "placed_at", "name", "email", "status", "total_cents"] as const;

/** GET /admin/api/store/order/: count/start/sort, q over number, name and email. */
export const OrderListQuery = z.object({
  start: listStart(),
  count: listCount(),
  sort: z
    .string()
    .regex(/^-?[a-z_]{1,100}$/, "Enter a column name, or -column for descending.")
    .default("-placed_at"),
  q: blankAsAbsent(boundedText(200).optional()),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

const expected_version = pgInt({ min: -1 });

/** POST /admin/api/store/order/{number}/ship/ */
export const ShipOrderRequest = z.object({ tracking_number: requiredText(100), expected_version });
/** POST /admin/api/store/order/{number}/cancel/ */
export const CancelOrderRequest = z.object({ reason: boundedText(500).default(""), expected_version });
/** POST /admin/api/store/order/{number}/check-received/ */
export const CheckReceivedRequest = z.object({ expected_version });
/** POST /admin/api/store/order/{number}/refund/: `amount_cents` absent refunds everything refundable. */
export const RefundOrderRequest = z.object({
  amount_cents: pgInt({ min: 1 }).optional(),
  reason: boundedText(500).default(""),
  expected_version,
});

/** One line of an order's history on the staff page. */
export const OrderHistoryItem = z.object({
  version: z.number(),
  type: z.string(),
  at: z.string(),
  by: z.string().nullable(),
  summary: z.string(),
});

/** The order as the staff list and page show it. */
export const AdminOrder = z.object({
  id: z.string(),
  number: z.string(),
  placed_at: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.string(),
  /** The order's state in the transition table (what the staff page offers follows from it). */
  state: z.enum(ORDER_STATUSES),
  payment_status: z.string(),
  payment_type: z.string(),
  total_cents: z.number(),
  paid_cents: z.number(),
  refunded_cents: z.number(),
  refundable_cents: z.number(),
  tracking_number: z.string(),
  ships: z.boolean(),
  /** An unpaid check order: when the server cancels it unless the check arrives (ISO time); else null. */
  hold_until: z.string().nullable(),
  version: z.number(),
  /** Paid through the test gateway, or placed on a shop in test mode: no money moved. */
  test_mode: z.boolean(),
});
export type AdminOrder = z.infer<typeof AdminOrder>;

/** The /admin push `order:changed`: an order was placed or staff acted on it. */
export interface OrderChangedMessage {
  /** The order's number, as the record page's `id`. */
  id: string;
  number: string;
  type: string;
  version: number;
}
