import { z } from "zod";
import { UserRef } from "../content/events.ts";
import { defineEvent, type EventOf } from "../event-registry.ts";
import { Sealed, type EmailHash } from "../personal-data/sealed.ts";

export const newsletterListStream = (id: number) => `newsletter-list-${id}`;
/** One stream per email address, named by its keyed hash: its sign-ups, confirmations and unsubscribes. */
export const newsletterSubscriberStream = (hash: EmailHash) => `newsletter-subscriber-${hash}`;
/** A subscriber's stream as it was named before the keyed hash (the address): still used for its address. */
export const legacyNewsletterSubscriberStream = (email: string) =>
  `newsletter-subscriber-${email.trim().toLowerCase()}`;

/** What of a subscriber is theirs: sealed with their person's key in each event's `sealed` (since the keyed hash). */
export const SubscriberPersonal = z.object({ email: z.string(), postalCode: z.string() });
export type SubscriberPersonal = z.infer<typeof SubscriberPersonal>;
/** `{ email, postalCode }` sealed (the plain fields are then ""); absent on older events, which hold them in clear. */
const sealed = Sealed.optional();

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
    sealed,
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
    sealed,
  }),
);

/** The unsubscribe link of a mail was followed: no list any more, UK list included. */
export const NewsletterUnsubscribed = defineEvent(
  "NewsletterUnsubscribed",
  z.object({ email: z.string(), unsubscribedAt: z.string(), sealed }),
);

/** The UK email signup form (§7, §8): one list, no choice of lists. */
export const UkEmailSignedUp = defineEvent(
  "UkEmailSignedUp",
  z.object({ email: z.string(), unsubscribeToken: z.string(), signedUpAt: z.string(), sealed }),
);

export const newsletterSubscriberEvents = [
  NewsletterSignupRequested,
  NewsletterSignupConfirmed,
  NewsletterUnsubscribed,
  UkEmailSignedUp,
] as const;
export type NewsletterSubscriberEvent = EventOf<typeof newsletterSubscriberEvents>;

export const newsletterEvents = [...newsletterListEvents, ...newsletterSubscriberEvents] as const;
