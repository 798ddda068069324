import type { Kysely } from "kysely";
import type { EventMetadata, EventStore, LogPosition, OrderView } from "@shop/shared";
import type { Database } from "@shop/projections";
import { queueMail } from "../mail/queue-mail.ts";

/** The confirmation's text: what was bought, what it cost, where it goes; never more of the card than brand and last four. */
export function orderConfirmationText(order: OrderView): string {
  const name = [order.billing.first_name, order.billing.last_name].filter(Boolean).join(" ");
  const lines = order.lines.map((l) => `  ${l.quantity} × ${l.title}${l.format ? ` (${l.format})` : ""}  ${l.total}`);
  const discounts = order.discounts.map((d) => `  ${d.description || d.code}  -${d.amount}`);
  const paid =
    order.payment.type === "card" && order.payment.last4
      ? `Paid by ${order.payment.brand ?? "card"} ending ${order.payment.last4}.`
      : order.payment.status === "awaiting"
        ? "We will ship your order when your check or money order arrives."
        : "Nothing was due.";
  const ship = order.shipping
    ? [
        "Shipping to:",
        `  ${[order.shipping.first_name, order.shipping.last_name].filter(Boolean).join(" ")}`,
        `  ${[order.shipping.street1, order.shipping.street2].filter(Boolean).join(", ")}`,
        `  ${[order.shipping.city, order.shipping.state, order.shipping.postal_code].filter(Boolean).join(" ")}`,
        order.shipping_method ? `  by ${order.shipping_method} (${order.shipping_total})` : "",
      ].filter(Boolean)
    : [];
  return [
    `Dear ${name || "friend"},`,
    "",
    `Thank you for your order ${order.number}.`,
    "",
    ...lines,
    ...discounts,
    `  Total: ${order.total}`,
    "",
    paid,
    ...(ship.length ? ["", ...ship] : []),
    ...(order.digital_email ? ["", `Downloads go to ${order.digital_email}.`] : []),
    "",
    "Ark & Answers Ministry",
    "",
  ].join("\n");
}

/**
 * Puts the order's confirmation in the outbox, once: the mail id is the order's, so a retried call
 * (a double submit answered from the same order) queues nothing more.
 */
export async function queueOrderConfirmation(
  deps: { store: EventStore; clock: () => Date; db: Kysely<Database> },
  order: OrderView,
  /** The buyer: the address and body are sealed with their key, as the order is. */
  person: string,
  metadata: EventMetadata,
): Promise<LogPosition | null> {
  const { position } = await queueMail(
    deps,
    {
      mailId: `order-confirmation-${order.number}`,
      to: order.email,
      subject: `Your order ${order.number}`,
      text: orderConfirmationText(order),
      person,
    },
    metadata,
  );
  return position;
}
