import { z } from "zod";
import { UserRef } from "../content/events.ts";
import { defineEvent, type EventOf } from "../event-registry.ts";

export const newsletterListStream = (id: number) => `newsletter-list-${id}`;
/** One stream per (lower-cased) email address: its sign-ups, confirmations and unsubscribes. */
export const newsletterSubscriberStream = (email: string) => `newsletter-subscriber-${email.trim().toLowerCase()}`;

/** A list staff define; the storefront's newsletter form offers the active ones. */
const listFields = {
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** The events list: choosing it needs a postal code (§5 Newsletter). */
  requiresPostalCode: z.boolean(),
  active: z.boolean(),
};

export const NewsletterListAdded = defineEvent(
  "NewsletterListAdded",
  z.object({ id: z.number().int().positive(), ...listFields, addedAt: z.string(), by: UserRef.nullable() }),
);

/** Every field again, as for radio stations: the event says what the list became. */
export const NewsletterListChanged = defineEvent(
  "NewsletterListChanged",
  z.object({ id: z.number().int().positive(), ...listFields, changedAt: z.string(), by: UserRef.nullable() }),
);

export const newsletterListEvents = [NewsletterListAdded, NewsletterListChanged] as const;
export type NewsletterListEvent = EventOf<typeof newsletterListEvents>;

/** Double opt-in, step one: the form was sent; a confirmation mail with `confirmToken` went out. */
export const NewsletterSignupRequested = defineEvent(
  "NewsletterSignupRequested",
  z.object({
    email: z.string(),
    listIds: z.array(z.number().int().positive()),
    postalCode: z.string(),
    confirmToken: z.string(),
    unsubscribeToken: z.string(),
    requestedAt: z.string(),
  }),
);

/** Step two: the link in the mail was followed; the address now receives these lists. */
export const NewsletterSignupConfirmed = defineEvent(
  "NewsletterSignupConfirmed",
  z.object({
    email: z.string(),
    listIds: z.array(z.number().int().positive()),
    postalCode: z.string(),
    confirmedAt: z.string(),
  }),
);

/** The unsubscribe link of a mail was followed: no list any more, UK list included. */
export const NewsletterUnsubscribed = defineEvent(
  "NewsletterUnsubscribed",
  z.object({ email: z.string(), unsubscribedAt: z.string() }),
);

/** The UK email signup form (§7, §8): one list, no choice of lists. */
export const UkEmailSignedUp = defineEvent(
  "UkEmailSignedUp",
  z.object({ email: z.string(), unsubscribeToken: z.string(), signedUpAt: z.string() }),
);

export const newsletterSubscriberEvents = [
  NewsletterSignupRequested,
  NewsletterSignupConfirmed,
  NewsletterUnsubscribed,
  UkEmailSignedUp,
] as const;
export type NewsletterSubscriberEvent = EventOf<typeof newsletterSubscriberEvents>;

export const newsletterEvents = [...newsletterListEvents, ...newsletterSubscriberEvents] as const;
