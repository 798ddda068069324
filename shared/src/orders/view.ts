import type { z } from "zod";
import { formatCents } from "../domain/currency.ts";
import type { OrderView } from "./api.ts";
import type { OrderPlaced } from "./events.ts";

type Placed = z.infer<typeof OrderPlaced.schema>;

/** The order's status as shoppers read it. */
export function orderStatusOf(placed: Placed): string {
  if (placed.payment.status === "awaiting") return "Awaiting payment";
  return "Placed";
}

/** Pure: the order as the complete page and the history show it; no card number, only brand and last four. */
export function orderViewOf(placed: Placed): OrderView {
  return {
    number: placed.number,
    placed_at: placed.placedAt,
    status: orderStatusOf(placed),
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
