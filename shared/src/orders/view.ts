import type { z } from "zod";
import { formatCents } from "../domain/currency.ts";
import type { OrderView } from "./api.ts";
import { ERASED } from "../personal-data/sealed.ts";
import type { OrderPersonal, OrderPlaced } from "./events.ts";
import { evolveOrder, initialOrderState, paymentStateStatus, type OrderState } from "./order-state.ts";
import { orderStateStatus } from "./order-status.ts";

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

const erasedFields = (fields: Record<string, string>) =>
  Object.fromEntries(Object.keys(fields).map((k) => [k, ERASED])) as Record<string, string>;

/**
 * The order's view once its buyer is erased: every field of the person reads ERASED, the amounts
 * stay. Applied to a live row on PersonErased and to a view built from a box that no longer opens,
 * so a replay reaches the same row.
 */
export function erasedOrderView(view: OrderView): OrderView {
  return {
    ...view,
    email: ERASED,
    billing: erasedFields(view.billing),
    shipping: view.shipping ? erasedFields(view.shipping) : null,
    digital_email: view.digital_email === null ? null : ERASED,
    ...(view.membership
      ? {
          membership: {
            variant: view.membership.variant,
            passholders: view.membership.passholders.map((p) => ({
              role: p.role,
              first_name: ERASED,
              last_name: ERASED,
              birthday: p.birthday === null ? null : ERASED,
            })),
          },
        }
      : {}),
  };
}

/** The buyer's name as the staff list shows it. */
export const buyerNameOf = (personal: OrderPersonal | null) =>
  personal ? `${personal.billing.first_name} ${personal.billing.last_name}`.trim() : ERASED;

/** Stand-ins with the shape of the buyer's data, for an order whose buyer is erased. */
function placeholderPersonal(placed: Placed): OrderPersonal {
  const address = {
    first_name: "",
    last_name: "",
    street1: "",
    street2: "",
    city: "",
    state: "",
    postal_code: "",
    country: "",
  };
  return {
    billing: { ...address, email: "", org_name: "" },
    shipping: placed.ships ? address : null,
    digitalEmail: placed.lines.some((l) => l.digital) ? "" : null,
  };
}

/**
 * Pure: the order as the complete page and the history show it; no card number, only brand and last
 * four. `personal` is the buyer's data opened from the event, or null once the buyer is erased;
 * `state` is the order folded from its stream (absent: as just placed).
 */
export function orderViewOf(
  placed: Placed,
  personal: OrderPersonal | null,
  state: OrderState = evolveOrder(initialOrderState, { type: "OrderPlaced", data: placed }),
): OrderView {
  if (!personal) return erasedOrderView(orderViewOf(placed, placeholderPersonal(placed), state));
  return {
    number: placed.number,
    placed_at: placed.placedAt,
    ...afterSaleOf(state),
    email: personal.billing.email,
    billing: { ...personal.billing },
    shipping: personal.shipping ? { ...personal.shipping } : null,
    digital_email: personal.digitalEmail,
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
    test_mode: placed.payment.gateway === "test",
    ...(personal.membership ? { membership: personal.membership } : {}),
  };
}
