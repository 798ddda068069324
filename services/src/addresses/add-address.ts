import type { Request } from "express";
import type { Kysely } from "kysely";
import { addressBookStream, type AddressFields, type EventStore, type LogPosition } from "@shop/shared";
import { listAddresses, sealPersonal, type Database } from "@shop/projections";
import { RETRY, runCommand } from "../platform/command-handler.ts";
import { allocateId } from "../platform/id-allocator.ts";
import { eventMetadata } from "../platform/http/request-context.ts";
import { addressBookDecider, decideAddressBook, type AddressCommand } from "./address-book.ts";

/** What writing to a shopper's address book needs (the address book's router and the checkout's). */
export interface AddressBookDeps {
  store: EventStore;
  db: Kysely<Database>;
  waitForProjections: (position: LogPosition, names: string[]) => Promise<boolean>;
}

/** One shopper's address book: two tabs at once at most, so one fresh try. */
const ADDRESS_BOOK_RETRY = RETRY.once;

/** Runs a command on the signed-in shopper's book and waits until the book's list shows it. */
export async function runAddressCommand(deps: AddressBookDeps, req: Request, command: AddressCommand) {
  const userId = req.user!.id;
  const result = await runCommand(
    deps.store,
    addressBookStream(userId),
    addressBookDecider,
    ADDRESS_BOOK_RETRY,
    (state) => decideAddressBook(command, state, userId),
    { metadata: eventMetadata(req) },
  );
  if (result.appended) await deps.waitForProjections(result.appended.position, ["addresses"]);
}

/** Adds an address to the signed-in shopper's book, sealed with their key before it enters the log. */
export async function addAddress(deps: AddressBookDeps, req: Request, fields: AddressFields): Promise<number> {
  const addressId = await allocateId(deps.db, "address");
  const address = await sealPersonal(deps.db, req.user!.id, fields);
  await runAddressCommand(deps, req, { type: "AddAddress", data: { userId: req.user!.id, addressId, address } });
  return addressId;
}

const SAME_KEYS = ["first_name", "last_name", "street1", "street2", "city", "state", "postal_code", "country"] as const;

/**
 * 'Save to my address book' in the checkout (issue 26 point 6): adds the typed address unless the book
 * already holds the same one (a second order to the same place must not fill the book with copies).
 */
export async function saveToAddressBook(deps: AddressBookDeps, req: Request, fields: AddressFields) {
  const book = await listAddresses(deps.db, req.user!.id);
  const same = (a: (typeof book)[number]) =>
    SAME_KEYS.every((k) => a[k].trim().toLowerCase() === fields[k].trim().toLowerCase());
  if (!book.some(same)) await addAddress(deps, req, fields);
}
