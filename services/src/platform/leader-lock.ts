/** Key of the PostgreSQL advisory lock held by the one process that runs projections (server or `ops replay`). */
export const PROJECTION_LEADER_LOCK = 7_311_000;
/** Key of the transaction-level advisory lock under which a starting process creates the shared tables. */
export const STARTUP_MIGRATION_LOCK = 7_311_004;
