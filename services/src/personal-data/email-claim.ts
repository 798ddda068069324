import type { Kysely } from "kysely";
import { legacyUserEmailStream, userEmailStream, type EventStore } from "@shop/shared";
import { emailHash, type Database } from "@shop/projections";

/**
 * The id of the account that claimed this email, from the log (not a read model that may lag): its
 * claim stream is named by the email's keyed hash; a claim made before the hash is under the address.
 */
export async function claimedUserId(
  deps: { store: EventStore; db: Kysely<Database> },
  email: string,
): Promise<string | null> {
  const claim =
    (await deps.store.readStream(userEmailStream(await emailHash(deps.db, email))))[0] ??
    (await deps.store.readStream(legacyUserEmailStream(email)))[0];
  return claim ? (claim.data as { userId: string }).userId : null;
}
