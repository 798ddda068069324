import { z } from "zod";
import { defineEvent, type EventOf } from "../event-registry.ts";

/** One stream per monthly gift, named by the order that paid its first month: `monthly-gift-{order number}`. */
export const monthlyGiftStream = (id: string) => `monthly-gift-${id}`;

const by = z.object({ id: z.string(), name: z.string() }).nullable();

/**
 * A signed-in shopper's gift repeated each month (issue 26 §5). The first month is the order `id`
 * names (paid and counted like any gift); the gateway's subscription charges the next ones. Only
 * brand and last four of the card are kept, as on an order.
 */
export const MonthlyGiftStarted = defineEvent(
  "MonthlyGiftStarted",
  z.object({
    id: z.string(),
    userId: z.string(),
    fund: z.string(),
    fundTitle: z.string(),
    campaign: z.string().nullable(),
    amountCents: z.number().int().positive(),
    gateway: z.string(),
    subscription: z.string(),
    brand: z.string().nullable(),
    last4: z.string().nullable(),
    startedAt: z.string(),
  }),
);

/** A month paid through the gateway's subscription; `invoice` (the gateway's) makes it count once. */
export const MonthlyGiftCharged = defineEvent(
  "MonthlyGiftCharged",
  z.object({
    id: z.string(),
    invoice: z.string(),
    amountCents: z.number().int().positive(),
    campaign: z.string().nullable(),
    chargedAt: z.string(),
  }),
);

/** A month the gateway could not charge (the card declined); the gateway tries again on its own schedule. */
export const MonthlyGiftPaymentFailed = defineEvent(
  "MonthlyGiftPaymentFailed",
  z.object({ id: z.string(), invoice: z.string(), message: z.string(), failedAt: z.string() }),
);

/** No more months: cancelled by the shopper, by staff (`by`), or ended by the gateway itself. */
export const MonthlyGiftCancelled = defineEvent(
  "MonthlyGiftCancelled",
  z.object({
    id: z.string(),
    cancelledBy: z.enum(["shopper", "staff", "gateway"]),
    by,
    cancelledAt: z.string(),
  }),
);

export const monthlyGiftEvents = [
  MonthlyGiftStarted,
  MonthlyGiftCharged,
  MonthlyGiftPaymentFailed,
  MonthlyGiftCancelled,
] as const;
export type MonthlyGiftEvent = EventOf<typeof monthlyGiftEvents>;
