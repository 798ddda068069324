import { sql, type Kysely } from "kysely";
import type { Database } from "@shop/projections";

/**
 * Numeric ids for records the spec addresses by number (/admin/content/contentnode/42/).
 * A counter row per kind, bumped atomically; ids are then carried in the events, so a rebuild never
 * needs the counter. A gap (an id allocated by a command that was then refused) is harmless.
 */
export async function allocateId(db: Kysely<Database>, kind: string): Promise<number> {
  const { rows } = await sql<{ last_id: string }>`INSERT INTO id_counters (kind, last_id) VALUES (${kind}, 1)
    ON CONFLICT (kind) DO UPDATE SET last_id = id_counters.last_id + 1 RETURNING last_id::text AS last_id`.execute(db);
  return Number(rows[0].last_id);
}

/** Creates the counters table; runs at start-up (server and CLI). */
export async function migrateIdCounters(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(7311002)`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS id_counters (kind text PRIMARY KEY, last_id bigint NOT NULL)`.execute(trx);
  });
}
