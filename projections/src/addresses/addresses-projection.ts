import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import {
  addressEvents,
  AddressFields,
  ERASED,
  isEventOf,
  personalDataEvents,
  type AddressItem,
  type RecordedEvent,
  type Sealed,
} from "@shop/shared";
import type { Database } from "../database.ts";
import { expectPersonKeys, openPersonal, sealedPersonsOf } from "../personal-data/person-keys.ts";
import type { Projection } from "../runner/projection.ts";
import { upsertRows } from "../runner/row-projector.ts";
import type { AddressesTable } from "./addresses-tables.ts";

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
  applyBatch: applyAddressesBatch,
};

type AddressRow = Selectable<AddressesTable>;

/**
 * The addresses a batch touches (by id, and every address of the users whose default it moves or whom
 * it erases) read at once, its events folded into them in memory as `apply` would change them one by
 * one, then one DELETE of the removed and one upsert of the changed rows.
 */
async function applyAddressesBatch(trx: Transaction<Database>, events: RecordedEvent[]): Promise<void> {
  expectPersonKeys(trx, sealedPersonsOf(events));
  const users = new Set<string>();
  const ids = new Set<number>();
  for (const event of events) {
    if (isEventOf(personalDataEvents, event)) users.add(event.data.person);
    else if (isEventOf(addressEvents, event)) {
      users.add(event.data.userId);
      ids.add(event.data.addressId);
    }
  }
  const found = await trx
    .selectFrom("addresses")
    .selectAll()
    .where(sql<boolean>`user_id = ANY(${[...users]}::text[]) OR id = ANY(${[...ids]}::int[])`)
    .execute();
  const rows = new Map<number, AddressRow>(found.map((row) => [row.id, row]));
  const changed = new Set<number>();
  const ofUser = function* (user: string) {
    for (const row of rows.values()) if (row.user_id === user) yield row;
  };
  for (const event of events) {
    if (isEventOf(personalDataEvents, event)) {
      for (const row of ofUser(event.data.person)) {
        Object.assign(row, erasedFields());
        changed.add(row.id);
      }
      continue;
    }
    if (!isEventOf(addressEvents, event)) continue;
    const d = event.data;
    const row = rows.get(d.addressId);
    switch (event.type) {
      case "AddressAdded":
        if (row) break;
        rows.set(d.addressId, {
          id: d.addressId,
          user_id: d.userId,
          ...(await fieldsOf(trx, event.data.address)),
          is_default: false,
        });
        changed.add(d.addressId);
        break;
      case "AddressEdited":
        if (!row) break;
        Object.assign(row, await fieldsOf(trx, event.data.address));
        changed.add(d.addressId);
        break;
      case "AddressRemoved":
        rows.delete(d.addressId);
        break;
      case "DefaultAddressChosen":
        for (const mine of ofUser(d.userId)) {
          mine.is_default = mine.id === d.addressId;
          changed.add(mine.id);
        }
        break;
    }
  }
  const removed = [...ids].filter((id) => !rows.has(id));
  if (removed.length > 0) await sql`DELETE FROM addresses WHERE id = ANY(${removed}::int[])`.execute(trx);
  const kept = [...changed].filter((id) => rows.has(id)).map((id) => rows.get(id)!);
  await upsertRows(trx, "addresses", ["id"], kept);
}

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
