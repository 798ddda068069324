import type { Kysely } from "kysely";
import { formatCents, type EventMetadata, type EventStore } from "@shop/shared";
import { findUserById, type Database } from "@shop/projections";
import { queueMail } from "../mail/queue-mail.ts";
import type { MonthlyGift } from "./monthly-gift.ts";

/** Where a giver stops a monthly gift (the account page's Monthly gifts), as every mail about one says. */
export const MONTHLY_GIFTS_PAGE = "/account/monthly-gifts/";

const SIGNATURE = ["", "Ark & Answers Ministry", ""];
/** How to stop a gift, with the page's whole address (SITE_URL): a mail's reader has no site to resolve a path against. */
const stopIt = (siteUrl: string) =>
  `To stop it, open Monthly gifts on your account page (${siteUrl}${MONTHLY_GIFTS_PAGE}) and choose Cancel monthly gift.`;

/** The lines the first month's order confirmation adds: the gift repeats, how much, and how to stop it. */
export function repeatsMonthlyText(line: { title: string; total: string }, siteUrl: string): string[] {
  return [`This gift repeats: $${line.total} to ${line.title} every month, on the same card.`, stopIt(siteUrl)];
}

export type MonthlyGiftMail =
  | { kind: "charged"; invoice: string; amountCents: number; at: string }
  | { kind: "failed"; invoice: string; message: string }
  | { kind: "cancelled" };

type Running = Extract<MonthlyGift, { exists: true }>;

const BY = { shopper: "as you asked", staff: "by our staff", gateway: "by the payment provider" } as const;

/** Pure: the subject and text of a mail about a monthly gift (the subject names no person). */
export function monthlyGiftMailText(gift: Running, mail: MonthlyGiftMail, name: string, siteUrl: string) {
  const amount = `$${formatCents(gift.amountCents)}`;
  const card = gift.last4 ? `${gift.brand ?? "card"} ending ${gift.last4}` : "the card you gave";
  const dear = [`Dear ${name || "friend"},`, ""];
  switch (mail.kind) {
    case "charged":
      return {
        mailId: `monthly-gift-charged-${gift.id}-${mail.invoice}`,
        subject: `Receipt for your monthly gift of $${formatCents(mail.amountCents)}`,
        text: [
          ...dear,
          `Thank you: this month's gift of $${formatCents(mail.amountCents)} to ${gift.fundTitle} was received on ${mail.at.slice(0, 10)}.`,
          "",
          `  Receipt: ${mail.invoice}`,
          `  Paid by ${card}.`,
          "",
          `Your gift of ${amount} repeats every month.`,
          stopIt(siteUrl),
          ...SIGNATURE,
        ].join("\n"),
      };
    case "failed":
      return {
        mailId: `monthly-gift-failed-${gift.id}-${mail.invoice}`,
        subject: `Your monthly gift of ${amount} could not be charged`,
        text: [
          ...dear,
          `This month's gift of ${amount} to ${gift.fundTitle} could not be charged to ${card}: ${mail.message}`,
          "",
          "The payment provider tries again over the next days; nothing was taken. If your card has changed,",
          "cancel this gift and start a new one on the donate page with the new card.",
          stopIt(siteUrl),
          ...SIGNATURE,
        ].join("\n"),
      };
    case "cancelled":
      return {
        mailId: `monthly-gift-cancelled-${gift.id}`,
        subject: `Your monthly gift of ${amount} is cancelled`,
        text: [
          ...dear,
          `Your monthly gift of ${amount} to ${gift.fundTitle} was cancelled ${BY[gift.cancelledBy ?? "shopper"]}: no more months will be charged.`,
          "",
          // The first month is the order that started the gift; the rest are the gateway's.
          `Thank you for the ${gift.charged.length + 1} month(s) you gave.`,
          ...SIGNATURE,
        ].join("\n"),
      };
    default: {
      mail satisfies never;
      throw new Error("unknown monthly gift mail");
    }
  }
}

/**
 * Puts a mail about a monthly gift in the outbox, to the giver's account address, sealed with their key.
 * Its id names the gift and the invoice (or the cancel), so a notice delivered twice, or a retry after
 * a process died between the gift's event and the mail, queues it once. A giver whose account is gone
 * (erased) gets nothing.
 */
export async function queueMonthlyGiftMail(
  deps: { store: EventStore; clock: () => Date; db: Kysely<Database>; siteUrl: string },
  gift: Running,
  mail: MonthlyGiftMail,
  metadata: EventMetadata,
) {
  const user = await findUserById(deps.db, gift.userId);
  if (!user?.email) return null;
  const { mailId, subject, text } = monthlyGiftMailText(gift, mail, user.name, deps.siteUrl);
  return (await queueMail(deps, { mailId, to: user.email, subject, text, person: gift.userId }, metadata)).position;
}
