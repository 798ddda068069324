import { sql, type Kysely, type Transaction } from "kysely";
import {
  addressEvents,
  AddressFields,
  ERASED,
  isEventOf,
  personalDataEvents,
  type AddressItem,
  type Sealed,
} from "@shop/shared";
import type { Database } from "../database.ts";
import { openPersonal } from "../personal-data/person-keys.ts";
import type { Projection } from "../runner/projection.ts";

const FIELDS = [
  "first_name",
  "last_name",
  "street1",
  "street2",
  "city",
  "state",
  "postal_code",
  "country",
  "phone",
] as const;

const erasedFields = () =>
  Object.fromEntries(FIELDS.map((f) => [f, ERASED])) as Record<(typeof FIELDS)[number], string>;

async function fieldsOf(trx: Transaction<Database>, sealed: Sealed) {
  const opened = await openPersonal(trx, sealed, AddressFields);
  if (!opened) return erasedFields();
  return Object.fromEntries(FIELDS.map((f) => [f, opened[f]])) as Record<(typeof FIELDS)[number], string>;
}

export const addressesProjection: Projection = {
  name: "addresses",
  version: 1,
  tables: ["addresses"],
  handles: ["AddressAdded", "AddressEdited", "AddressRemoved", "DefaultAddressChosen", "PersonErased"],
  async migrate(db) {
    await sql`CREATE TABLE IF NOT EXISTS addresses (
      id integer PRIMARY KEY,
      user_id text NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      street1 text NOT NULL,
      street2 text NOT NULL,
      city text NOT NULL,
      state text NOT NULL,
      postal_code text NOT NULL,
      country text NOT NULL,
      phone text NOT NULL,
      is_default boolean NOT NULL
    )`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS addresses_user ON addresses (user_id, id)`.execute(db);
  },
  async apply(trx, recorded) {
    if (isEventOf(personalDataEvents, recorded)) {
      await trx.updateTable("addresses").set(erasedFields()).where("user_id", "=", recorded.data.person).execute();
      return;
    }
    if (!isEventOf(addressEvents, recorded)) return;
    const event = recorded;
    switch (event.type) {
      case "AddressAdded":
        await trx
          .insertInto("addresses")
          .values({
            id: event.data.addressId,
            user_id: event.data.userId,
            ...(await fieldsOf(trx, event.data.address)),
            is_default: false,
          })
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
        return;
      case "AddressEdited":
        await trx
          .updateTable("addresses")
          .set(await fieldsOf(trx, event.data.address))
          .where("id", "=", event.data.addressId)
          .execute();
        return;
      case "AddressRemoved":
        await trx.deleteFrom("addresses").where("id", "=", event.data.addressId).execute();
        return;
      case "DefaultAddressChosen":
        await trx
          .updateTable("addresses")
          .set({ is_default: sql<boolean>`id = ${event.data.addressId}` })
          .where("user_id", "=", event.data.userId)
          .execute();
        return;
      default:
        event satisfies never;
    }
  },
};

/**
 * A user's address book, oldest first (GET /api/account/addresses/). The checkout lists a signed-in
 * shopper's addresses with it; its own numbering (billing = 1) is the checkout's concern.
 */
export async function listAddresses(db: Kysely<Database>, userId: string): Promise<AddressItem[]> {
  const rows = await db.selectFrom("addresses").selectAll().where("user_id", "=", userId).orderBy("id").execute();
  return rows.map(({ user_id: _, ...row }) => row);
}

export async function findAddress(db: Kysely<Database>, userId: string, id: number): Promise<AddressItem | undefined> {
  return (await listAddresses(db, userId)).find((a) => a.id === id);
}
