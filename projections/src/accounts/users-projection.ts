import { sql } from "kysely";
import { accountEvents, ERASED, isEventOf, personalDataEvents, RegisteredPersonal } from "@shop/shared";
import { openPersonal } from "../personal-data/person-keys.ts";
import type { Projection } from "../runner/projection.ts";

export const usersProjection: Projection = {
  name: "users",
  version: 2,
  tables: ["users"],
  handles: [
    "UserRegistered",
    "UserRenamed",
    "UserPasswordChanged",
    "UserStaffGranted",
    "UserStaffRevoked",
    "PersonErased",
  ],
  async migrate(db) {
    await sql`CREATE TABLE IF NOT EXISTS users (
      id text PRIMARY KEY,
      email text NOT NULL UNIQUE,
      name text NOT NULL,
      is_staff boolean NOT NULL,
      password_hash text NOT NULL,
      registered_at timestamptz NOT NULL
    )`.execute(db);
  },
  async apply(trx, recorded) {
    if (isEventOf(personalDataEvents, recorded)) {
      const { person } = recorded.data;
      await trx
        .updateTable("users")
        .set({ email: erasedEmail(person), name: ERASED })
        .where("id", "=", person)
        .execute();
      return;
    }
    if (!isEventOf(accountEvents, recorded)) return; // only the types in `handles` reach here
    const event = recorded;
    switch (event.type) {
      case "UserRegistered": {
        const d = { ...event.data };
        if (d.personal) {
          // Sealed with the user's key: once erased (no key) the row shows the erasure, live or replayed.
          const opened = await openPersonal(trx, d.personal, RegisteredPersonal);
          d.email = opened?.email ?? erasedEmail(d.userId);
          d.name = opened?.name ?? ERASED;
        }
        await trx
          .insertInto("users")
          .values({
            id: d.userId,
            email: d.email.toLowerCase(),
            name: d.name,
            is_staff: d.isStaff,
            password_hash: d.passwordHash,
            registered_at: d.registeredAt,
          })
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
        return;
      }
      case "UserRenamed":
        await trx.updateTable("users").set({ name: event.data.name }).where("id", "=", event.data.userId).execute();
        return;
      case "UserPasswordChanged":
        await trx
          .updateTable("users")
          .set({ password_hash: event.data.passwordHash })
          .where("id", "=", event.data.userId)
          .execute();
        return;
      case "UserStaffGranted":
      case "UserStaffRevoked":
        await trx
          .updateTable("users")
          .set({ is_staff: event.type === "UserStaffGranted" })
          .where("id", "=", event.data.userId)
          .execute();
        return;
    }
  },
};

/** An erased user's email in the users table: unique, and no one's address. */
export const erasedEmail = (userId: string) => `erased-${userId}@erased.invalid`;
