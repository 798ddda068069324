import type { Kysely } from "kysely";
import { readModels } from "../read-models.ts";

/** The user signed in with this session, unless it ended or expired. */
export async function findSessionUser(db: Kysely<any>, sessionHash: string, now: Date) {
  return readModels(db)
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .selectAll("users")
    .where("sessions.session_hash", "=", sessionHash)
    .where("sessions.expires_at", ">", now.toISOString())
    .executeTakeFirst();
}
