import type { Kysely } from "kysely";
import { ERASED, PersonErased, personStream, type EventStore, type LogPosition } from "@shop/shared";
import { onceDecider, RETRY, runCommand } from "../platform/command-handler.ts";
import { deletePersonKey, forgetGuestPerson, type Database } from "@shop/projections";
import { catchUpIfNoServer } from "../ops/catch-up.ts";
import { OpsError, type OpsContext } from "../ops/ops-context.ts";
import { claimedUserId } from "./email-claim.ts";

const erasedDecider = onceDecider([PersonErased]);

export class NoSuchCustomerError extends Error {}

/**
 * Right to erasure without rewriting the log: deletes the key of each person the email names (their
 * account, and the guest key their guest checkouts were sealed with), so their sealed names,
 * addresses and emails can never be opened again, by a read model or a replay; and appends
 * PersonErased for each, on which the read models replace what they show of the person. Orders keep
 * their amounts. A second run finds the account's key gone and appends nothing; a guest's email is
 * forgotten with its key (no email is kept once erased), so a second run no longer knows it.
 */
export async function erasePerson(
  deps: { store: EventStore; db: Kysely<Database>; clock: () => Date },
  email: string,
): Promise<{ person: string; persons: string[]; erased: boolean; position: LogPosition | null }> {
  const account = await claimedUserId(deps, email);
  const guest = await forgetGuestPerson(deps.db, email);
  const persons = [account, guest].filter((p): p is string => p !== null);
  if (!persons.length) throw new NoSuchCustomerError(`No customer with email ${email.trim().toLowerCase()}`);
  let erased = false;
  let position: LogPosition | null = null;
  for (const person of persons) {
    const deleted = await deletePersonKey(deps.db, person);
    const result = await runCommand(
      deps.store,
      personStream(person),
      erasedDecider,
      RETRY.refuse, // a person is erased once: a second erasure running at the same time is refused
      (_, version) =>
        version >= 0 ? [] : [{ type: "PersonErased" as const, data: { person, erasedAt: deps.clock().toISOString() } }],
      { metadata: { userId: null } },
    );
    if (!result.appended) {
      erased ||= deleted;
      continue;
    }
    position = result.appended.position;
    erased = true;
  }
  return { person: persons[0]!, persons, erased, position };
}

/** `npm run ops -- erase-customer --email E`. */
export async function eraseCustomer(ctx: OpsContext, { email }: { email: string }): Promise<string> {
  try {
    const { persons, erased } = await erasePerson(
      { store: ctx.store, db: ctx.database.db, clock: () => new Date() },
      email,
    );
    await catchUpIfNoServer(ctx);
    return erased
      ? `Erased customer ${persons.join(", ")}: their keys are deleted; their names, addresses and email read as ${ERASED}`
      : `Customer ${persons.join(", ")} was already erased`;
  } catch (error) {
    if (error instanceof NoSuchCustomerError) throw new OpsError(error.message);
    throw error;
  }
}
