import { z } from "zod";
import { defineEvent, type EventOf } from "../event-registry.ts";
import { Sealed } from "../personal-data/sealed.ts";

/** Stream of one account's address book. */
export const addressBookStream = (userId: string) => `addressbook-${userId}`;

/** `address` is the AddressFields, sealed with the account holder's key. */
export const AddressAdded = defineEvent(
  "AddressAdded",
  z.object({ userId: z.string(), addressId: z.number().int(), address: Sealed }),
);
export const AddressEdited = defineEvent(
  "AddressEdited",
  z.object({ userId: z.string(), addressId: z.number().int(), address: Sealed }),
);
export const AddressRemoved = defineEvent(
  "AddressRemoved",
  z.object({ userId: z.string(), addressId: z.number().int() }),
);
/** The default address changed: the first one added, one chosen, or the one promoted when the default was removed. */
export const DefaultAddressChosen = defineEvent(
  "DefaultAddressChosen",
  z.object({ userId: z.string(), addressId: z.number().int() }),
);

export const addressEvents = [AddressAdded, AddressEdited, AddressRemoved, DefaultAddressChosen] as const;
export type AddressEvent = EventOf<typeof addressEvents>;
