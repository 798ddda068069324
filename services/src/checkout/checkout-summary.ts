import { formatCents, type CheckoutSummaryAnswer } from "@shop/shared";
import type { Checkout } from "./checkout.ts";
import { totalsOf, type PricedOrder } from "./order-pricing.ts";

const money = (cents: number) => ({ amount: formatCents(cents), amount_cents: cents });

/** Pure: the summary beside the checkout's steps, with the shipping chosen for this very cart, if any. */
export function checkoutSummary(priced: PricedOrder, checkout: Checkout): CheckoutSummaryAnswer {
  const chosen = checkout.shipping;
  const shipping =
    priced.facts.ships && chosen && chosen.cartVersion === priced.facts.version
      ? { label: chosen.label, ...money(chosen.cents) }
      : null;
  const totals = totalsOf(priced, shipping?.amount_cents ?? 0);
  return {
    metadata: { success: true, errors: [] },
    lines: priced.lines.map((l) => ({
      title: l.title,
      format: l.donation ? "" : l.format,
      quantity: l.donation ? null : l.quantity,
      ...money(l.totalCents),
    })),
    discounts: priced.discounts.map((d) => ({ code: d.code, description: d.description, ...money(d.amountCents) })),
    subtotal: money(totals.goodsCents + totals.donationCents),
    ships: priced.facts.ships,
    shipping,
    tax: money(0),
    total: money(totals.totalCents),
  };
}
