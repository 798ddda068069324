// The users table's batch against its one-by-one `apply` (test-only dependency on services/).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import {
  PersonErased,
  UserPasswordChanged,
  UserRegistered,
  UserRenamed,
  UserStaffGranted,
  UserStaffRevoked,
} from "@shop/shared";
import { testBackends } from "@shop/services/testing/backends";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { deletePersonKey, migratePersonKeys, sealPersonal } from "../personal-data/person-keys.ts";
import { recordedEvent as recorded, tablesBothWays } from "../runner/batch-equivalence.ts";
import { usersProjection } from "./users-projection.ts";

const registered = (userId: string, more: object = {}) =>
  recorded(UserRegistered, {
    userId,
    email: `${userId.toUpperCase()}@Example.org`,
    name: userId,
    isStaff: false,
    passwordHash: "h1",
    registeredAt: "2026-11-29T20:00:00.123456Z",
    ...more,
  });

describe.each(testBackends())("users batched on $name", ({ pglite }) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase({ pglite });
    await migratePersonKeys(database.db);
  }, 120_000);
  afterAll(() => database?.drop());

  it("spec 28.2 registrations (sealed, erased, twice), renames, passwords, staff and erasures leave the same rows batched as one by one", async () => {
    const sealed = await sealPersonal(database.db, "sealed", { email: "Seal@Example.org", name: "Seal" });
    const gone = await sealPersonal(database.db, "gone", { email: "gone@example.org", name: "Gone" });
    await deletePersonKey(database.db, "gone");
    const events = [
      recorded(UserRenamed, { userId: "ann", name: "too early" }), // no row yet: nothing
      registered("ann"),
      recorded(UserRenamed, { userId: "ann", name: "Ann" }),
      registered("ann", { name: "again" }), // already there: kept
      recorded(UserStaffGranted, { userId: "ann" }),
      recorded(UserPasswordChanged, { userId: "ann", passwordHash: "h2" }),
      registered("sealed", { email: "", name: "", personal: sealed }),
      registered("gone", { email: "", name: "", personal: gone }),
      recorded(UserStaffGranted, { userId: "old" }),
      recorded(PersonErased, { person: "old", erasedAt: "2026-11-29T20:01:00.000Z" }),
      recorded(UserRenamed, { userId: "old", name: "renamed after erasure" }),
      recorded(UserStaffRevoked, { userId: "ann" }),
      recorded(PersonErased, { person: "nobody", erasedAt: "2026-11-29T20:01:00.000Z" }),
    ];
    const { oneByOne, batched } = await tablesBothWays(database.db, usersProjection, events, {
      sizes: [1, 2, 5, events.length],
      before: async (db) => {
        await sql`INSERT INTO users VALUES ('old', 'old@example.org', 'Old', false, 'h0', '2020-01-01 10:00:00.654321+00')`.execute(
          db,
        );
      },
    });
    expect(oneByOne.users.length).toBe(4);
    for (const { tables } of batched) expect(tables).toEqual(oneByOne);
  }, 60_000);
});
