import { sql, type Kysely } from "kysely";
import type { Database } from "@shop/projections";
import { APPEND_EACH_FUNCTION, APPEND_MANY_FUNCTION } from "./append-sql.ts";

/** Creates the event log tables. Idempotent: runs at every start. */
export async function migrateEventStore(db: Kysely<Database>): Promise<void> {
  await sql`
    CREATE TABLE IF NOT EXISTS streams (
      stream_id text PRIMARY KEY,
      version integer NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE IF NOT EXISTS events (
      global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      stream_id text NOT NULL,
      stream_position integer NOT NULL,
      type text NOT NULL,
      schema_version integer NOT NULL DEFAULT 1,
      data jsonb NOT NULL,
      metadata jsonb NOT NULL DEFAULT '{}',
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (stream_id, stream_position)
    )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS events_commit_order ON events (transaction_id, global_position)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS events_type ON events (type)`.execute(db);
  // A new body gets a new name (append_each_v2, ...), so a function that exists is the right one.
  // Two processes starting at once may both try: the loser's error says it exists.
  for (const fn of [APPEND_EACH_FUNCTION, APPEND_MANY_FUNCTION])
    await sql
      .raw(`DO $do$ BEGIN ${fn};
      EXCEPTION WHEN duplicate_function OR unique_violation THEN NULL; END $do$`)
      .execute(db);
}
