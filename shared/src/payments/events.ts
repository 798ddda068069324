import { z } from "zod";
import { defineEvent, type EventOf } from "../event-registry.ts";

/** The stream that records one Stripe event as taken: a redelivery finds it and does nothing. */
export const stripeEventStream = (eventId: string) => `stripe-event-${eventId}`;

/** A Stripe webhook event the shop has acted on (or found nothing to act on), once. */
export const StripeEventTaken = defineEvent(
  "StripeEventTaken",
  z.object({ eventId: z.string(), type: z.string(), orderNumber: z.string().nullable(), at: z.string() }),
);

export const paymentEvents = [StripeEventTaken] as const;
export type PaymentEvent = EventOf<typeof paymentEvents>;
