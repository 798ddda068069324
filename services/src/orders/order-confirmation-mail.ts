import type { Kysely } from "kysely";
import { mailStream, type EventMetadata, type EventStore, type LogPosition, type OrderView } from "@shop/shared";
import type { Database } from "@shop/projections";
import { queueMail, sealedMail } from "../mail/queue-mail.ts";
import { repeatsMonthlyText } from "../monthly-gifts/monthly-gift-mails.ts";

/** The confirmation's text: what was bought, what it cost, where it goes; never more of the card than brand and last four. */
export function orderConfirmationText(order: OrderView, siteUrl: string): string {
  const name = [order.billing.first_name, order.billing.last_name].filter(Boolean).join(" ");
  // A gift is an amount, not a count of a format: "General Donation  25.00", not "1 × General Donation (Donation)".
  const lines = order.lines.map((l) =>
    l.donation
      ? `  ${l.title}  ${l.total}`
      : `  ${l.quantity} × ${l.title}${l.format ? ` (${l.format})` : ""}  ${l.total}`,
  );
  // The first month of a monthly gift: the giver learns here that it repeats, and how to stop it.
  const monthly = order.lines.find((l) => l.donation?.monthly);
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
    ...(monthly ? ["", ...repeatsMonthlyText(monthly, siteUrl)] : []),
    ...(ship.length ? ["", ...ship] : []),
    ...(order.digital_email ? ["", `Downloads go to ${order.digital_email}.`] : []),
    "",
    "Ark & Answers Ministry",
    "",
  ].join("\n");
}

/**
 * The mail of an order that awaits a check: the order number, the amount and how to pay, nothing the
 * buyer typed (no name, address, note or line they wrote). Anyone can place a check order for any
 * address without paying, so until the money arrives the shop sends no text of theirs to it.
 */
export function awaitingCheckText(order: Pick<OrderView, "number" | "total">, holdUntil: string | null): string {
  return [
    `Thank you for your order ${order.number}.`,
    "",
    `Please send a check or money order for $${order.total}, with the order number ${order.number} written on it.`,
    "We will confirm your order and ship it when your payment arrives.",
    ...(holdUntil
      ? ["", `If it has not arrived by ${holdUntil.slice(0, 10)}, the order is cancelled and nothing is owed.`]
      : []),
    "",
    "Ark & Answers Ministry",
    "",
  ].join("\n");
}

/** `siteUrl`: the links in the mails (SITE_URL). */
type MailDeps = { store: EventStore; clock: () => Date; db: Kysely<Database>; siteUrl: string };

/**
 * Puts the order's confirmation in the outbox, once: the mail id is the order's, so a retried call
 * (a double submit answered from the same order) queues nothing more. An order awaiting a check gets
 * the short mail of `awaitingCheckText` instead; its full confirmation goes when the check is
 * recorded as received (`queueOrderConfirmation` again, then with the order paid).
 */
export async function queueOrderConfirmation(
  deps: MailDeps,
  order: OrderView,
  /** The buyer: the address and body are sealed with their key, as the order is. */
  person: string,
  metadata: EventMetadata,
  /** An order awaiting a check: when its hold ends (told in the short mail). */
  holdUntil: string | null = null,
): Promise<LogPosition | null> {
  const { position } = await queueMail(deps, confirmationOf(order, person, holdUntil, deps.siteUrl), metadata);
  return position;
}

/** `queueOrderConfirmation`'s mail, sealed for the transaction that places the order. */
export function sealedOrderConfirmation(
  deps: MailDeps,
  order: OrderView,
  person: string,
  holdUntil: string | null = null,
  /** The buyer's key, when the caller read it already: sealed without a read. */
  key?: Buffer,
) {
  return sealedMail(deps, confirmationOf(order, person, holdUntil, deps.siteUrl), key);
}

/** The stream of the mail `sealedOrderConfirmation` queues, for the place step's reads. */
export const orderConfirmationStream = (order: Pick<OrderView, "number" | "payment_status">) =>
  mailStream(
    order.payment_status === "awaiting" ? `order-awaiting-check-${order.number}` : `order-confirmation-${order.number}`,
  );

function confirmationOf(order: OrderView, person: string, holdUntil: string | null, siteUrl: string) {
  const awaiting = order.payment_status === "awaiting"; // the order now: a check recorded since placing is paid
  return awaiting
    ? {
        mailId: `order-awaiting-check-${order.number}`,
        to: order.email,
        subject: `Your order ${order.number}: awaiting payment`,
        text: awaitingCheckText(order, holdUntil),
        person,
      }
    : {
        mailId: `order-confirmation-${order.number}`,
        to: order.email,
        subject: `Your order ${order.number}`,
        text: orderConfirmationText(order, siteUrl),
        person,
      };
}

/** The buyer's mail when the server cancelled their unpaid check order at the end of its hold. */
export async function queueHoldExpiredMail(
  deps: Omit<MailDeps, "siteUrl">,
  order: Pick<OrderView, "number" | "total" | "email">,
  person: string,
  holdUntil: string,
  metadata: EventMetadata,
): Promise<LogPosition | null> {
  const text = [
    `Your order ${order.number} of $${order.total} was cancelled: its check or money order had not arrived by ${holdUntil.slice(0, 10)}.`,
    "Nothing is owed. If you still want the order, please place it again.",
    "",
    "Ark & Answers Ministry",
    "",
  ].join("\n");
  const { position } = await queueMail(
    deps,
    {
      mailId: `order-hold-expired-${order.number}`,
      to: order.email,
      subject: `Your order ${order.number} was cancelled`,
      text,
      person,
    },
    metadata,
  );
  return position;
}
