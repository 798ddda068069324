import { sql, type Selectable, type Transaction } from "kysely";
import {
  accountEvents,
  ERASED,
  type EventOf,
  isEventOf,
  personalDataEvents,
  type RecordedEvent,
  RegisteredPersonal,
} from "@shop/shared";
import type { Database } from "../database.ts";
import { expectPersonKeys, openPersonal, sealedPersonsOf } from "../personal-data/person-keys.ts";
import type { Projection } from "../runner/projection.ts";
import { upsertRows } from "../runner/row-projector.ts";
import type { UsersTable } from "./users-tables.ts";

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
        await trx
          .insertInto("users")
          .values(await registeredRow(trx, event.data))
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
  applyBatch: (trx, events) => applyUsersBatch(trx, events),
};

type UserRow = Selectable<UsersTable>;
type Registered = (RecordedEvent & EventOf<typeof accountEvents> & { type: "UserRegistered" })["data"];

async function registeredRow(trx: Transaction<Database>, registered: Registered): Promise<UserRow> {
  const d = { ...registered };
  if (d.personal) {
    // Sealed with the user's key: once erased (no key) the row shows the erasure, live or replayed.
    const opened = await openPersonal(trx, d.personal, RegisteredPersonal);
    d.email = opened?.email ?? erasedEmail(d.userId);
    d.name = opened?.name ?? ERASED;
  }
  return {
    id: d.userId,
    email: d.email.toLowerCase(),
    name: d.name,
    is_staff: d.isStaff,
    password_hash: d.passwordHash,
    registered_at: d.registeredAt,
  };
}

/**
 * The users a batch names read at once (registered_at as text, so it is written back exactly), its
 * events folded into them in memory as `apply` would change them one by one, one upsert of the changed.
 */
async function applyUsersBatch(trx: Transaction<Database>, events: RecordedEvent[]): Promise<void> {
  expectPersonKeys(trx, sealedPersonsOf(events));
  const idOf = (event: RecordedEvent) => {
    const data = event.data as { userId?: string; person?: string };
    return data.userId ?? data.person ?? "";
  };
  const ids = [...new Set(events.map(idOf))];
  const { rows: found } = await sql<UserRow>`SELECT id, email, name, is_staff, password_hash,
    registered_at::text AS registered_at FROM users WHERE id = ANY(${ids}::text[])`.execute(trx);
  const rows = new Map(found.map((row) => [row.id, row]));
  const changed = new Set<string>();
  for (const event of events) {
    const id = idOf(event);
    const row = rows.get(id);
    if (isEventOf(personalDataEvents, event)) {
      if (row) Object.assign(row, { email: erasedEmail(id), name: ERASED });
    } else if (isEventOf(accountEvents, event)) {
      if (event.type === "UserRegistered") {
        if (!row) rows.set(id, await registeredRow(trx, event.data));
      } else if (!row) {
        continue;
      } else if (event.type === "UserRenamed") row.name = event.data.name;
      else if (event.type === "UserPasswordChanged") row.password_hash = event.data.passwordHash;
      else if (event.type === "UserStaffGranted" || event.type === "UserStaffRevoked")
        row.is_staff = event.type === "UserStaffGranted";
    }
    changed.add(id);
  }
  const write = [...changed].flatMap((id) => rows.get(id) ?? []);
  await upsertRows(trx, "users", ["id"], write);
}

/** An erased user's email in the users table: unique, and no one's address. */
export const erasedEmail = (userId: string) => `erased-${userId}@erased.invalid`;
