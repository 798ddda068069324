import { sql, type Insertable } from "kysely";
import { accountEvents, isEventOf } from "@shop/shared";
import type { Projection } from "../runner/projection.ts";
import type { SessionsTable } from "./sessions-tables.ts";

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
  /**
   * The sessions a batch names (by hash, and every session of the users it disables) read at once,
   * its events folded in memory, then one DELETE of the sessions that ended and one INSERT of those
   * that began. A session's row is never changed, only added and removed, so nothing read is written back.
   */
  async applyBatch(trx, events) {
    const named = events.filter((e) => isEventOf(accountEvents, e));
    const hashes = named.flatMap((e) => ("sessionHash" in e.data ? [e.data.sessionHash] : []));
    const disabled = named.flatMap((e) => (e.type === "UserDisabled" ? [e.data.userId] : []));
    const { rows: found } = await sql<{ session_hash: string; user_id: string }>`SELECT session_hash, user_id
      FROM sessions WHERE session_hash = ANY(${hashes}::text[]) OR user_id = ANY(${disabled}::text[])`.execute(trx);
    const before = new Set(found.map((row) => row.session_hash));
    const rows = new Map<string, { user_id: string }>(found.map((row) => [row.session_hash, row]));
    const begun = new Map<string, Insertable<SessionsTable>>();
    for (const event of named) {
      if (event.type === "UserLoggedIn") {
        const d = event.data;
        if (rows.has(d.sessionHash)) continue;
        const row = {
          session_hash: d.sessionHash,
          user_id: d.userId,
          logged_in_at: d.loggedInAt,
          expires_at: d.expiresAt,
        };
        rows.set(d.sessionHash, row);
        begun.set(d.sessionHash, row);
      } else if (event.type === "UserLoggedOut") rows.delete(event.data.sessionHash);
      else if (event.type === "UserDisabled")
        for (const [hash, row] of rows) if (row.user_id === event.data.userId) rows.delete(hash);
    }
    // A session there before and begun again in the batch (same hash) is removed, then inserted anew.
    const ended = [...before].filter((hash) => !rows.has(hash) || begun.has(hash));
    if (ended.length > 0) await sql`DELETE FROM sessions WHERE session_hash = ANY(${ended}::text[])`.execute(trx);
    const inserts = [...begun].flatMap(([hash, row]) => (rows.has(hash) ? [row] : []));
    for (let i = 0; i < inserts.length; i += 5000)
      await trx
        .insertInto("sessions")
        .values(inserts.slice(i, i + 5000))
        .execute();
  },
};
