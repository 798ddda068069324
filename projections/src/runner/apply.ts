import { sql, type Kysely, type Transaction } from "kysely";
import { positionToString, type LogPosition, type RecordedEvent } from "@shop/shared";
import { MIGRATION_LOCK, readCheckpoint, saveCheckpoint, type ProjectionFailure } from "./checkpoints.ts";
import type { Projection } from "./projection.ts";
import { expectPersonKeys, sealedPersonsOf } from "../personal-data/person-keys.ts";
import { takesStatementBatches, withDeferredWrites } from "./deferred-writes.ts";
import type { Database } from "../database.ts";

/**
 * A projector could not take an event: it threw, or the event's stored data fails its schema.
 * Names the read model and the event, so the failure can be reported where operators look.
 */
export class ProjectorError extends Error {
  readonly code = "PROJECTOR_FAILED";
  constructor(
    readonly projection: string,
    readonly event: RecordedEvent,
    readonly cause: unknown,
  ) {
    super(
      `Projection ${projection} failed on ${event.type} at ${event.streamId} #${event.streamPosition} (global position ${event.globalPosition}): ${messageOf(cause)}`,
    );
    this.name = "ProjectorError";
  }

  /** The same event fails every time: no point in trying again before a fix. */
  get deterministic(): boolean {
    return this.event.invalid !== undefined;
  }

  toFailure(failedAt = new Date()): ProjectionFailure {
    return {
      projection: this.projection,
      position: positionToString(this.event.position),
      globalPosition: this.event.globalPosition,
      stream: this.event.streamId,
      type: this.event.type,
      error: messageOf(this.cause),
      failedAt: failedAt.toISOString(),
    };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A batch applied with `onBatchFailure: "throw"` threw: roll the transaction back, apply again "one by one". */
export class BatchFailed extends Error {
  constructor(readonly cause: unknown) {
    super(`the batch failed, to be applied one event at a time: ${messageOf(cause)}`);
    this.name = "BatchFailed";
  }
}

export interface ApplyOptions {
  /** Whether the database takes several statements in one string, when the caller knows it already. */
  statementBatches?: boolean;
  /**
   * "savepoint" (the default): a batch that throws is undone to a savepoint and applied one event at
   * a time. "throw": no savepoint (one round trip less, twice); a batch that throws ends in BatchFailed,
   * and the caller rolls back and applies the events again with "one by one" (no batch at all).
   */
  onBatchFailure?: "savepoint" | "throw" | "one by one";
  /** Passed to the projection's `applyBatch` (see BatchContext). */
  behind?: number;
}

/** Runs the projector over the events it handles, inside the caller's transaction; a failure names the event. */
export async function applyEvents(
  trx: Transaction<Database>,
  projection: Projection,
  events: RecordedEvent[],
  options: ApplyOptions = {},
): Promise<void> {
  const handled = events.filter((e) => projection.handles.includes(e.type));
  const mode = options.onBatchFailure ?? "savepoint";
  if (mode !== "one by one" && handled.length > 1 && !handled.some((e) => e.invalid)) {
    const own = projection.applyBatch?.bind(projection);
    const context = options.behind === undefined ? undefined : { behind: options.behind };
    const batch: BatchApply | null = own
      ? (t, e) => own(t, e, context)
      : (options.statementBatches ?? (await takesStatementBatches(trx)))
        ? oneByOneDeferred(projection)
        : null;
    if (batch && mode === "throw") {
      try {
        await batch(trx, handled);
        return;
      } catch (error) {
        throw new BatchFailed(error);
      }
    }
    if (batch && (await appliedAsBatch(trx, batch, handled))) return;
  }
  for (const event of handled) {
    if (event.invalid) throw new ProjectorError(projection.name, event, event.invalid);
    try {
      await projection.apply(trx, event);
    } catch (error) {
      throw new ProjectorError(projection.name, event, error);
    }
  }
}

type BatchApply = (trx: Transaction<Database>, events: RecordedEvent[]) => Promise<void>;

/**
 * `apply` event by event, its writes sent together (see deferred-writes.ts). The keys of the persons
 * whose boxes the events carry are read in one query when the first box is opened: opening a box is
 * then no read that sends the pending writes and waits for PostgreSQL, event by event.
 */
function oneByOneDeferred(projection: Projection): BatchApply {
  return (trx, events) =>
    withDeferredWrites(trx, async (deferring) => {
      expectPersonKeys(deferring, sealedPersonsOf(events));
      for (const event of events) await projection.apply(deferring, event);
    });
}

/** Answers false when the batch threw: its writes are undone, to be applied one by one. */
async function appliedAsBatch(
  trx: Transaction<Database>,
  batch: BatchApply,
  events: RecordedEvent[],
): Promise<boolean> {
  await sql`SAVEPOINT apply_batch`.execute(trx);
  try {
    await batch(trx, events);
    await sql`RELEASE SAVEPOINT apply_batch`.execute(trx);
    return true;
  } catch {
    // One by one: the same rows, and a failure names its event.
    await sql`ROLLBACK TO SAVEPOINT apply_batch`.execute(trx);
    return false;
  }
}

/**
 * Applies a batch and moves the checkpoint in one transaction: a crash never applies an event twice.
 * The checkpoint moves first, by compare-and-set from `after` (where the caller last saw it), so a
 * second projector working from a stale position fails before it touches a table. Without `after`
 * the checkpoint must merely precede the batch (the CLI's one-off catch-up).
 * The commit need not wait for the WAL flush: rows and checkpoint are lost or kept together, and
 * a lost batch is simply applied again from the log. `alsoSeen` counts earlier skipped events.
 * No savepoint around the batch (two round trips per batch, every read model): a batch that throws
 * rolls the whole transaction back, and a second one applies the events one by one, so a failure
 * still names its event.
 */
export async function applyBatch(
  db: Kysely<Database>,
  projection: Projection,
  events: RecordedEvent[],
  options: { after?: LogPosition; alsoSeen?: number; behind?: number } = {},
): Promise<void> {
  if (events.length === 0) return;
  const to = events[events.length - 1].position;
  const seen = events.length + (options.alsoSeen ?? 0);
  const move = options.after ? { from: options.after, to, seen } : { before: events[0].position, to, seen };
  const attempt = (onBatchFailure: "throw" | "one by one") =>
    db.transaction().execute(async (trx) => {
      await sql`SET LOCAL synchronous_commit = off`.execute(trx);
      await saveCheckpoint(trx, projection.name, projection.version, move);
      await applyEvents(trx, projection, events, { behind: options.behind, onBatchFailure });
    });
  try {
    await attempt("throw");
  } catch (error) {
    if (!(error instanceof BatchFailed)) throw error;
    await attempt("one by one");
  }
}

export function handlesAny(projection: Projection, events: RecordedEvent[]): boolean {
  return events.some((e) => projection.handles.includes(e.type));
}

export async function migrateProjection(db: Kysely<Database>, projection: Projection): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    await projection.migrate(trx);
  });
}

/** Whether the stored checkpoint was written by this version of the projection. */
export async function isCurrentVersion(db: Kysely<Database>, projection: Projection): Promise<boolean> {
  const checkpoint = await readCheckpoint(db, projection.name);
  return checkpoint === null || checkpoint.version === projection.version;
}
