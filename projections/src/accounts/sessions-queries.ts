import { sql, type Kysely } from "kysely";
import type { Database } from "../database.ts";

/** The user signed in with this session, unless it ended or expired. */
export async function findSessionUser(db: Kysely<Database>, sessionHash: string, now: Date) {
  return db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .selectAll("users")
    .where("sessions.session_hash", "=", sessionHash)
    .where("sessions.expires_at", ">", now.toISOString())
    .executeTakeFirst();
}

/** For each of these sessions that still has a row: whether it is live at `now`, and whether its user is staff. */
export async function findSessionStates(
  db: Kysely<Database>,
  sessionHashes: string[],
  now: Date,
): Promise<Map<string, { live: boolean; isStaff: boolean }>> {
  if (sessionHashes.length === 0) return new Map();
  const rows = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.session_hash",
      "users.is_staff",
      sql<boolean>`sessions.expires_at > ${now.toISOString()}`.as("live"),
    ])
    .where("sessions.session_hash", "in", sessionHashes)
    .execute();
  return new Map(rows.map((r) => [r.session_hash, { live: r.live, isStaff: r.is_staff }]));
}
