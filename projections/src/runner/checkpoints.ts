import { sql, type Kysely } from "kysely";
import { comparePositions, START, type LogPosition } from "@shop/shared";
import type { Database } from "../database.ts";

export interface Checkpoint {
  name: string;
  version: number;
  position: LogPosition;
  eventsApplied: number;
  updatedAt: Date;
  /** Why the read model stopped, until it gets past that event (a fix and a replay or a restart). */
  failure: ProjectionFailure | null;
}

/** A read model stopped on one event: stored with its checkpoint, so every process and the CLI see it. */
export interface ProjectionFailure {
  projection: string;
  /** The event's log position ("major/minor") and its global position (what people see). */
  position: string;
  globalPosition: number;
  stream: string;
  type: string;
  error: string;
  failedAt: string;
}

/** Key of the advisory lock that serialises schema changes across processes starting at once. */
export const MIGRATION_LOCK = 7_311_001;

/** Creates the checkpoints table, one process at a time (concurrent CREATE TABLE IF NOT EXISTS can collide). */
export async function migrateCheckpoints(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS projection_checkpoints (
      name text PRIMARY KEY,
      version integer NOT NULL,
      position_major numeric(20) NOT NULL,
      position_minor numeric(20) NOT NULL,
      events_applied bigint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(trx);
    await sql`ALTER TABLE projection_checkpoints ADD COLUMN IF NOT EXISTS failure jsonb NULL`.execute(trx);
  });
}

/** A row as `columns` selects it (positions as text: numeric(20) does not fit a JS number). */
type CheckpointRow = {
  name: string;
  version: number;
  major: string;
  minor: string;
  events_applied: string | number;
  updated_at: Date | string;
  /** jsonb: an object from pg, text from some PGlite paths. */
  failure: Omit<ProjectionFailure, "projection"> | string | null;
};

function toCheckpoint(row: CheckpointRow): Checkpoint {
  return {
    name: row.name,
    version: Number(row.version),
    position: { major: BigInt(row.major), minor: BigInt(row.minor) },
    eventsApplied: Number(row.events_applied),
    updatedAt: new Date(row.updated_at),
    failure: row.failure
      ? { projection: row.name, ...(typeof row.failure === "string" ? JSON.parse(row.failure) : row.failure) }
      : null,
  };
}

const columns = sql`name, version, position_major::text AS major, position_minor::text AS minor, events_applied, updated_at, failure`;

export async function readCheckpoints(db: Kysely<Database>): Promise<Checkpoint[]> {
  const { rows } = await sql<CheckpointRow>`SELECT ${columns} FROM projection_checkpoints ORDER BY name`.execute(db);
  return rows.map(toCheckpoint);
}

export async function readCheckpoint(db: Kysely<Database>, name: string): Promise<Checkpoint | null> {
  const { rows } = await sql<CheckpointRow>`SELECT ${columns} FROM projection_checkpoints WHERE name = ${name}`.execute(
    db,
  );
  return rows[0] ? toCheckpoint(rows[0]) : null;
}

/**
 * Raised when a checkpoint is no longer where its writer last saw it: another projector moved it.
 * The writer's transaction rolls back, so the events it was about to apply are not applied twice.
 */
export class CheckpointMovedError extends Error {
  readonly code = "CHECKPOINT_MOVED";
  constructor(readonly projection: string) {
    super(`The checkpoint of ${projection} was moved by another projector.`);
  }
}

export interface CheckpointMove {
  /** Where the writer last saw the checkpoint (exact compare-and-set)... */
  from?: LogPosition;
  /** ...or, when it does not know, the first event it applies: the checkpoint must still be before it. */
  before?: LogPosition;
  to: LogPosition;
  /** Events read since `from` (applied or skipped). */
  seen: number;
}

/** The stored failure, kept until the read model gets past the event it names. */
function clearedPast(to: string[]) {
  return sql`CASE WHEN failure IS NOT NULL AND (${to[0]}::numeric, ${to[1]}::numeric)
    < (split_part(failure->>'position', '/', 1)::numeric, split_part(failure->>'position', '/', 2)::numeric) THEN failure END`;
}

/**
 * Moves a checkpoint only if it is still where the writer expects it (compare-and-set), inside the
 * caller's transaction. The UPDATE locks the row, so a second projector of the same read model waits
 * for the first to commit, then finds the position changed and fails with CheckpointMovedError.
 */
export async function saveCheckpoint(
  db: Kysely<Database>,
  name: string,
  version: number,
  move: CheckpointMove,
): Promise<void> {
  const to = [move.to.major.toString(), move.to.minor.toString()];
  const at = move.from ?? START;
  const guard = move.before
    ? sql`(position_major, position_minor) < (${move.before.major.toString()}, ${move.before.minor.toString()})`
    : sql`(position_major, position_minor) = (${at.major.toString()}, ${at.minor.toString()})`;
  const updated =
    await sql`UPDATE projection_checkpoints SET version = ${version}, position_major = ${to[0]}, position_minor = ${to[1]},
      events_applied = events_applied + ${move.seen}, updated_at = now(), failure = ${clearedPast(to)}
    WHERE name = ${name} AND ${guard}`.execute(db);
  if (Number(updated.numAffectedRows ?? 0) === 1) return;
  // No row yet means nothing was ever applied; a concurrent first insert makes this one do nothing.
  const mayCreate = move.before !== undefined || comparePositions(at, START) === 0;
  const inserted = mayCreate
    ? await sql`INSERT INTO projection_checkpoints (name, version, position_major, position_minor, events_applied)
        VALUES (${name}, ${version}, ${to[0]}, ${to[1]}, ${move.seen}) ON CONFLICT (name) DO NOTHING`.execute(db)
    : { numAffectedRows: 0n };
  if (Number(inserted.numAffectedRows ?? 0) !== 1) throw new CheckpointMovedError(name);
}

/** Puts a read model back at the start of the log (a rebuild). */
export async function resetCheckpoint(db: Kysely<Database>, name: string, version: number): Promise<void> {
  await sql`INSERT INTO projection_checkpoints (name, version, position_major, position_minor, events_applied) VALUES (${name}, ${version}, 0, 0, 0)
    ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, position_major = 0, position_minor = 0, events_applied = 0, updated_at = now()`.execute(
    db,
  );
}

/**
 * Records that a read model stopped on an event (its checkpoint stays just before it). A row that
 * does not exist yet is created at the start of the log.
 */
export async function recordFailure(db: Kysely<Database>, version: number, failure: ProjectionFailure): Promise<void> {
  const { projection, ...stored } = failure;
  const json = JSON.stringify(stored);
  await sql`INSERT INTO projection_checkpoints (name, version, position_major, position_minor, events_applied, failure) VALUES (${projection}, ${version}, 0, 0, 0, ${json}::jsonb)
    ON CONFLICT (name) DO UPDATE SET failure = EXCLUDED.failure, updated_at = now()`.execute(db);
}

/** The read models that are stopped on an event, as every process sees them. */
export async function readFailures(db: Kysely<Database>): Promise<ProjectionFailure[]> {
  return (await readCheckpoints(db)).flatMap((c) => (c.failure ? [c.failure] : []));
}
