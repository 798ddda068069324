import type { Kysely } from "kysely";
import { ERASED, personStream, userEmailStream, type EventStore, type LogPosition } from "@shop/shared";
import { deletePersonKey, type Database } from "@shop/projections";
import { catchUpIfNoServer } from "../ops/catch-up.ts";
import { OpsError, type OpsContext } from "../ops/ops-context.ts";

export class NoSuchCustomerError extends Error {}

/**
 * Right to erasure without rewriting the log: deletes the person's key (their sealed names,
 * addresses and email can never be opened again, by a read model or a replay) and appends
 * PersonErased, on which the read models replace what they show of the person. Orders keep their
 * amounts. A second run finds the key gone and appends nothing.
 */
export async function erasePerson(
  deps: { store: EventStore; db: Kysely<Database>; clock: () => Date },
  email: string,
): Promise<{ person: string; erased: boolean; position: LogPosition | null }> {
  const claim = (await deps.store.readStream(userEmailStream(email)))[0];
  if (!claim) throw new NoSuchCustomerError(`No customer with email ${email.trim().toLowerCase()}`);
  const person = (claim.data as { userId: string }).userId;
  const deleted = await deletePersonKey(deps.db, person);
  if ((await deps.store.readStream(personStream(person))).length > 0)
    return { person, erased: deleted, position: null };
  const { position } = await deps.store.append(
    personStream(person),
    [{ type: "PersonErased", data: { person, erasedAt: deps.clock().toISOString() }, metadata: { userId: null } }],
    { expectedVersion: "no-stream" },
  );
  return { person, erased: true, position };
}

/** `npm run ops -- erase-customer --email E`. */
export async function eraseCustomer(ctx: OpsContext, { email }: { email: string }): Promise<string> {
  try {
    const { person, erased } = await erasePerson(
      { store: ctx.store, db: ctx.database.db, clock: () => new Date() },
      email,
    );
    await catchUpIfNoServer(ctx);
    return erased
      ? `Erased customer ${person}: their key is deleted; their names, addresses and email read as ${ERASED}`
      : `Customer ${person} was already erased`;
  } catch (error) {
    if (error instanceof NoSuchCustomerError) throw new OpsError(error.message);
    throw error;
  }
}
