import { sql, type Kysely, type Transaction } from "kysely";
import { STARTUP_MIGRATION_LOCK } from "./leader-lock.ts";
import type { Database } from "@shop/projections";

/**
 * Runs a start-up migration under the transaction-level advisory lock STARTUP_MIGRATION_LOCK, one
 * process at a time: processes starting at once on a fresh schema would otherwise race on
 * CREATE TABLE IF NOT EXISTS (a duplicate-key error in the catalog). `db` must not be a transaction.
 */
export async function underStartupMigrationLock(
  db: Kysely<Database>,
  migrate: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${STARTUP_MIGRATION_LOCK})`.execute(trx);
    await migrate(trx);
  });
}
