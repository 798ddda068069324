import type { z } from "zod";
import { formatCents } from "../domain/currency.ts";
import type { OrderView } from "./api.ts";
import type { OrderPlaced } from "./events.ts";
import {
  evolveOrder,
  initialOrderState,
  orderStateStatus,
  paymentStateStatus,
  type OrderState,
} from "./order-state.ts";

type Placed = z.infer<typeof OrderPlaced.schema>;

/** What staff actions change on the shopper's view: status, payment status, tracking number, refunds. */
export function afterSaleOf(state: OrderState) {
  return {
    status: orderStateStatus(state),
    payment_status: paymentStateStatus(state),
    tracking_number: state.trackingNumber,
    refunded: formatCents(state.refundedCents),
    refunded_cents: state.refundedCents,
  };
}

/**
 * Pure: the order as the complete page and the history show it; no card number, only brand and
 * last four. `state` is the order folded from its stream (absent: as just placed).
 */
export function orderViewOf(
  placed: Placed,
  state: OrderState = evolveOrder(initialOrderState, { type: "OrderPlaced", data: placed }),
): OrderView {
  return {
    number: placed.number,
    placed_at: placed.placedAt,
    ...afterSaleOf(state),
    email: placed.billing.email,
    billing: { ...placed.billing },
    shipping: placed.shipping ? { ...placed.shipping } : null,
    digital_email: placed.digitalEmail,
    lines: placed.lines.map((l) => ({ ...l, total: formatCents(l.totalCents) })),
    discounts: placed.discounts.map((d) => ({
      code: d.code,
      description: d.description,
      amount: formatCents(d.amountCents),
    })),
    shipping_method: placed.shippingMethod?.label ?? null,
    shipping_total: formatCents(placed.totals.shippingCents),
    total: formatCents(placed.totals.totalCents),
    total_cents: placed.totals.totalCents,
    payment: {
      type: placed.payment.type,
      status: placed.payment.status,
      brand: placed.payment.brand,
      last4: placed.payment.last4,
    },
  };
}
