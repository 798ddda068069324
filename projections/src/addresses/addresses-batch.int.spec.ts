// The address book's batch against its one-by-one `apply` (test-only dependency on services/).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AddressAdded,
  AddressEdited,
  AddressRemoved,
  DefaultAddressChosen,
  PersonErased,
  type Sealed,
} from "@shop/shared";
import { testBackends } from "@shop/services/testing/backends";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { deletePersonKey, migratePersonKeys, sealPersonal } from "../personal-data/person-keys.ts";
import { recordedEvent as recorded, tablesBothWays } from "../runner/batch-equivalence.ts";
import { addressesProjection } from "./addresses-projection.ts";

const address = (street1: string) => ({
  first_name: "Ada",
  last_name: "Lovelace",
  street1,
  street2: "",
  city: "Petersburg",
  state: "KY",
  postal_code: "41080",
  country: "United States",
  phone: "",
});

describe.each(testBackends())("addresses batched on $name", ({ pglite }) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase({ pglite });
    await migratePersonKeys(database.db);
  }, 120_000);
  afterAll(() => database?.drop());

  it("spec 28.2 added, edited, removed, chosen as default and erased addresses leave the same rows batched as one by one", async () => {
    const seal = (user: string, street: string): Promise<Sealed> => sealPersonal(database.db, user, address(street));
    const [a1, a2, a3, b1, b2, c1] = [
      await seal("u1", "1 Ark Way"),
      await seal("u1", "2 Ark Way"),
      await seal("u1", "3 Ark Way"),
      await seal("u2", "1 Flood Rd"),
      await seal("u2", "2 Flood Rd"),
      await seal("u3", "1 Gone St"),
    ];
    await deletePersonKey(database.db, "u3"); // erased before: its boxes no longer open
    const added = (userId: string, addressId: number, sealed: Sealed) =>
      recorded(AddressAdded, { userId, addressId, address: sealed });
    const events = [
      recorded(AddressEdited, { userId: "u1", addressId: 1, address: a2 }), // before it exists: nothing
      added("u1", 1, a1),
      recorded(DefaultAddressChosen, { userId: "u1", addressId: 1 }),
      added("u1", 2, a2),
      added("u1", 1, a3), // already there: kept
      recorded(AddressEdited, { userId: "u1", addressId: 2, address: a3 }),
      recorded(DefaultAddressChosen, { userId: "u1", addressId: 2 }),
      recorded(AddressRemoved, { userId: "u1", addressId: 1 }),
      added("u1", 1, a1), // added again after its removal
      added("u2", 5, b1),
      recorded(DefaultAddressChosen, { userId: "u2", addressId: 5 }),
      recorded(PersonErased, { person: "u2", erasedAt: "2026-11-29T20:00:00.000Z" }),
      added("u2", 6, b2),
      recorded(AddressEdited, { userId: "u9", addressId: 9, address: a1 }), // there before
      recorded(DefaultAddressChosen, { userId: "u9", addressId: 99 }),
      added("u3", 7, c1),
      recorded(AddressRemoved, { userId: "u9", addressId: 10 }), // there before
    ];
    const { oneByOne, batched } = await tablesBothWays(database.db, addressesProjection, events, {
      sizes: [1, 2, 3, events.length],
      before: async (db) => {
        const row = { user_id: "u9", ...address("9 Old St"), is_default: true };
        await db
          .insertInto("addresses")
          .values([
            { id: 9, ...row },
            { id: 10, ...row, is_default: false },
          ])
          .execute();
      },
    });
    expect(oneByOne.addresses.length).toBe(6);
    for (const { tables } of batched) expect(tables).toEqual(oneByOne);
  }, 60_000);
});
