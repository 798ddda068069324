/** Key of the PostgreSQL advisory lock held by the one process that runs projections (server or `ops replay`). */
export const PROJECTION_LEADER_LOCK = 7_311_000;
