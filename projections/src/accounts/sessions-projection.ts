import { sql } from "kysely";
import { accountEvents, isEventOf } from "@shop/shared";
import type { Projection } from "../runner/projection.ts";

export const sessionsProjection: Projection = {
  name: "sessions",
  version: 1,
  tables: ["sessions"],
  handles: ["UserLoggedIn", "UserLoggedOut", "UserDisabled"],
  async migrate(db) {
    await sql`CREATE TABLE IF NOT EXISTS sessions (
      session_hash text PRIMARY KEY,
      user_id text NOT NULL,
      logged_in_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    )`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id)`.execute(db);
  },
  async apply(trx, recorded) {
    if (!isEventOf(accountEvents, recorded)) return; // only the types in `handles` reach here
    const event = recorded;
    if (event.type === "UserLoggedIn") {
      const d = event.data;
      await trx
        .insertInto("sessions")
        .values({ session_hash: d.sessionHash, user_id: d.userId, logged_in_at: d.loggedInAt, expires_at: d.expiresAt })
        .onConflict((oc) => oc.column("session_hash").doNothing())
        .execute();
    } else if (event.type === "UserLoggedOut") {
      await trx.deleteFrom("sessions").where("session_hash", "=", event.data.sessionHash).execute();
    } else if (event.type === "UserDisabled") {
      // Signed out everywhere: every session of the user ends at once.
      await trx.deleteFrom("sessions").where("user_id", "=", event.data.userId).execute();
    }
  },
};
