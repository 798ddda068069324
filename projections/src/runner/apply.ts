import { sql, type Kysely } from "kysely";
import { START, type EventStore, type LogPosition, type RecordedEvent } from "@shop/shared";
import { MIGRATION_LOCK, readCheckpoint, resetCheckpoint, saveCheckpoint } from "./checkpoints.ts";
import type { Projection } from "./projection.ts";

/**
 * Applies a batch and moves the checkpoint in one transaction: a crash never applies an event twice.
 * The checkpoint moves first, by compare-and-set from `after` (where the caller last saw it), so a
 * second projector working from a stale position fails before it touches a table. Without `after`
 * the checkpoint must merely precede the batch (the CLI's one-off catch-up).
 * The commit need not wait for the WAL flush: rows and checkpoint are lost or kept together, and
 * a lost batch is simply applied again from the log. `alsoSeen` counts earlier skipped events.
 */
export async function applyBatch(
  db: Kysely<any>,
  projection: Projection,
  events: RecordedEvent[],
  options: { after?: LogPosition; alsoSeen?: number } = {},
): Promise<void> {
  if (events.length === 0) return;
  const to = events[events.length - 1].position;
  const seen = events.length + (options.alsoSeen ?? 0);
  const move = options.after ? { from: options.after, to, seen } : { before: events[0].position, to, seen };
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL synchronous_commit = off`.execute(trx);
    await saveCheckpoint(trx, projection.name, projection.version, move);
    for (const event of events) {
      if (projection.handles.includes(event.type)) await projection.apply(trx, event);
    }
  });
}

export function handlesAny(projection: Projection, events: RecordedEvent[]): boolean {
  return events.some((e) => projection.handles.includes(e.type));
}

export async function migrateProjection(db: Kysely<any>, projection: Projection): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    await projection.migrate(trx);
  });
}

export async function dropProjectionTables(db: Kysely<any>, projection: Projection): Promise<void> {
  for (const table of [...projection.tables].reverse()) await sql`DROP TABLE IF EXISTS ${sql.table(table)} CASCADE`.execute(db);
}

export interface RebuildProgress {
  projection: string;
  applied: number;
}

/**
 * Drops the read model and runs it again from position 0 until the log is drained.
 * The caller must be the only projector (it holds the leader lock).
 */
export async function rebuildProjection(options: {
  db: Kysely<any>;
  store: EventStore;
  projection: Projection;
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
}): Promise<number> {
  const { db, store, projection } = options;
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    await dropProjectionTables(trx, projection);
    await projection.migrate(trx);
    await resetCheckpoint(trx, projection.name, projection.version);
  });
  let position = START;
  let applied = 0;
  for (;;) {
    const events = await store.readAll(position, { limit: options.batchSize ?? 1000 });
    if (events.length === 0) break;
    await applyBatch(db, projection, events, { after: position });
    position = events[events.length - 1].position;
    applied += events.length;
    options.onProgress?.({ projection: projection.name, applied });
  }
  return applied;
}

/** Whether the stored checkpoint was written by this version of the projection. */
export async function isCurrentVersion(db: Kysely<any>, projection: Projection): Promise<boolean> {
  const checkpoint = await readCheckpoint(db, projection.name);
  return checkpoint === null || checkpoint.version === projection.version;
}
