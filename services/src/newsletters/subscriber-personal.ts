import type { Kysely } from "kysely";
import {
  legacyNewsletterSubscriberStream,
  newsletterSubscriberStream,
  type EventStore,
  type Sealed,
  type SubscriberPersonal,
} from "@shop/shared";
import { emailHash, guestPerson, sealPersonal, type Database } from "@shop/projections";

/**
 * Where an address's subscription lives and how its events hold the address: the stream named by the
 * email's keyed hash (or, for an address subscribed before the hash, its old stream, so its confirmed
 * lists and unsubscribe link carry on), and `{ email, postalCode }` sealed with the address's person key
 * (the one erase-customer deletes), made now for an address seen for the first time.
 */
export async function subscriberOf(
  deps: { store: EventStore; db: Kysely<Database> },
  email: string,
  postalCode: string,
): Promise<{ stream: string; person: string; sealed: Sealed }> {
  const legacy = legacyNewsletterSubscriberStream(email);
  const stream = (await deps.store.readStream(legacy)).length
    ? legacy
    : newsletterSubscriberStream(await emailHash(deps.db, email));
  const person = await guestPerson(deps.db, email);
  const personal: SubscriberPersonal = { email: email.trim().toLowerCase(), postalCode: postalCode.trim() };
  return { stream, person, sealed: await sealPersonal(deps.db, person, personal) };
}
