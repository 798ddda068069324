import { randomBytes } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import { comparePositions, START, type EventStore, type LogPosition, type RecordedEvent } from "@shop/shared";
import { applyEvents, ProjectorError, type ApplyOptions } from "./apply.ts";
import { inDeferredTransaction, takesStatementBatches } from "./deferred-writes.ts";
import { readCheckpoint } from "./checkpoints.ts";
import type { Projection } from "./projection.ts";
import type { Database } from "../database.ts";

// A rebuild fills new tables while readers (and the live projector) keep using the old ones, then
// swaps them in one transaction. The new tables are built in a schema of their own: the projector's
// unqualified CREATE/INSERT/UPDATE land there because that schema is the whole search_path of the
// rebuild's transactions, so Projection.migrate and apply need no change. ALTER TABLE ... SET SCHEMA
// moves a table with its indexes, constraints and owned sequences, keeping their names.

export interface RebuildProgress {
  /** The read model being rebuilt (the first of several when they are rebuilt together). */
  projection: string;
  /** Events read from the log so far. */
  applied: number;
}

export interface RebuildResult {
  projection: string;
  /** Events read from the log into the new tables. */
  applied: number;
  /** Set when the projector failed on an event: the live tables were left as they were. */
  failure?: ProjectorError;
  /** Time spent in its batches' transactions (from its turn to its COMMIT), in ms. */
  applyMs: number;
}

interface Build {
  projection: Projection;
  shadow: string;
  /** The live schema, searched after the shadow one while applying events. */
  live: string;
  position: LogPosition;
  read: number;
  applyMs: number;
  /** The event types its projection handles. */
  handles: ReadonlySet<string>;
  failure?: ProjectorError;
}

// The defaults suit a server's version-change rebuild, which shares the server's memory. An operator's
// `ops replay` reads larger batches (REPLAY_BATCHES): fewer transactions per read model.
const BATCH = 2000;
/** How many batches the log reader may run ahead of the slowest read model (bounds memory). */
const READ_AHEAD = 4;

/**
 * `ops replay`'s batches: against 2,000, 10,000 events a batch cut the replay's node CPU by about a
 * fifth and PostgreSQL's by a third (bench/README.md, "Replay on a million events"); two ahead were
 * as fast as four.
 */
export const REPLAY_BATCHES = { batchSize: 10_000, readAhead: 2 };
/** Each swap attempt that finds the live projector ahead catches up again; past this many, give up. */
const SWAP_ATTEMPTS = 20;

async function currentSchema(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ s: string }>`SELECT current_schema() AS s`.execute(db);
  return rows[0].s;
}

/** A schema per rebuild run (random suffix): two runs never write into each other's tables. */
function shadowName(schema: string, projection: string): string {
  const base = `${schema}_rb_${projection.replace(/[^a-z0-9_]/g, "_")}`.slice(0, 52);
  return `${base}_${randomBytes(4).toString("hex")}`;
}

/** A transaction whose unqualified names all resolve in `schema` (nothing else is searched but pg_catalog). */
function inSchema<T>(
  db: Kysely<Database>,
  schema: string,
  work: (trx: Transaction<Database>) => Promise<T>,
  live?: string,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    // Rows and checkpoint commit together later (the swap commits synchronously and flushes these too).
    // The live schema follows the shadow one: tables outside the log a projector reads (person_keys) are found there.
    const path = live ? `"${schema}", "${live}"` : schema;
    await sql`SELECT set_config('search_path', ${path}, true), set_config('synchronous_commit', 'off', true)`.execute(
      trx,
    );
    return work(trx);
  });
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

const beginIn = (b: Build) =>
  `BEGIN; SET LOCAL search_path TO ${quoted(b.shadow)}, ${quoted(b.live)}; SET LOCAL synchronous_commit TO off`;

/**
 * inSchema in fewer round trips, where the database takes several statements in one string: BEGIN
 * and the settings in one, the work, COMMIT. (A batch of a light read model is a handful of round
 * trips in all, and on a busy machine each round trip waits for a core.)
 */
async function inShadow(db: Kysely<Database>, b: Build, work: (trx: Transaction<Database>) => Promise<void>) {
  await db.connection().execute(async (connection) => {
    await sql.raw(beginIn(b)).execute(connection);
    try {
      // A connection in a transaction of its own: what a projector does with a Transaction it can do here.
      await work(connection as unknown as Transaction<Database>);
    } catch (error) {
      await sql.raw("ROLLBACK").execute(connection);
      throw error;
    }
    await sql.raw("COMMIT").execute(connection);
  });
}

/**
 * inShadow with the batch's writes held back (deferred-writes.ts): BEGIN goes with the first
 * statement sent and COMMIT with the last writes, so a batch is one round trip per read in it plus
 * one. Every round trip saved is a write and a wake-up of PostgreSQL's backend on each side.
 */
async function inShadowDeferred(db: Kysely<Database>, b: Build, work: (trx: Transaction<Database>) => Promise<void>) {
  await db
    .connection()
    .execute((connection) => inDeferredTransaction(connection as unknown as Transaction<Database>, beginIn(b), work));
}

/** Applies a batch to one build's new tables, in few round trips where the database allows it. */
async function applyInShadow(
  db: Kysely<Database>,
  b: Build,
  events: RecordedEvent[],
  statementBatches: boolean,
): Promise<void> {
  const projection = inRebuild(b.projection);
  const apply = (options: ApplyOptions) => (trx: Transaction<Database>) =>
    applyEvents(trx, projection, events, { statementBatches, ...options });
  if (!statementBatches) return inSchema(db, b.shadow, apply({}), b.live);
  try {
    await inShadowDeferred(db, b, apply({ onBatchFailure: "throw" }));
  } catch {
    // Rolled back (a projector that threw, or a held-back write that failed at the COMMIT): one event
    // at a time, each statement sent as it comes, the same rows, and a failure names its event.
    await inShadow(db, b, apply({ onBatchFailure: "one by one" }));
  }
}

/** Batches applied at once: the ops CLI's pool (4 connections), so no apply waits in the pool's queue. */
const TURNS = 4;

/**
 * Who applies next when a connection frees: the build that has spent the longest in its applies so far.
 * Every build applies its batches in order, so the heaviest one's chain (the catalog's) is the replay's
 * critical path; in the pool's own first-come queue it waited behind each lighter build's next batch.
 */
class Turns {
  private free = TURNS;
  private readonly waiting: Array<{ b: Build; go: () => void }> = [];

  async take(b: Build): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((go) => this.waiting.push({ b, go }));
  }

  give(): void {
    if (this.waiting.length === 0) {
      this.free++;
      return;
    }
    let next = 0;
    for (let i = 1; i < this.waiting.length; i++)
      if (this.waiting[i].b.applyMs > this.waiting[next].b.applyMs) next = i;
    this.waiting.splice(next, 1)[0].go();
  }
}

/**
 * Applies to one build's new tables the events past its position; a projector failure stops that build
 * only. The events it handles are picked here in one pass (a set of types), not scanned by each step.
 */
async function applyTo(
  db: Kysely<Database>,
  b: Build,
  batch: RecordedEvent[],
  statementBatches: boolean,
  turns: Turns,
): Promise<void> {
  // A build ahead of the batch's start (after a failed swap) takes only what it lacks.
  const events =
    batch.length > 0 && comparePositions(batch[0].position, b.position) > 0
      ? batch
      : batch.filter((e) => comparePositions(e.position, b.position) > 0);
  if (b.failure || events.length === 0) return;
  const handled = events.filter((e) => b.handles.has(e.type));
  if (handled.length > 0) {
    await turns.take(b);
    const started = performance.now();
    try {
      await applyInShadow(db, b, handled, statementBatches);
    } catch (error) {
      if (!(error instanceof ProjectorError)) throw error;
      b.failure = error;
      return;
    } finally {
      b.applyMs += performance.now() - started;
      turns.give();
    }
  }
  b.position = events[events.length - 1].position;
  b.read += events.length;
}

/** The projector as a rebuild runs it: what finishRebuild derives again need not be derived event by event. */
function inRebuild(projection: Projection): Projection {
  const { applyInRebuild } = projection;
  return applyInRebuild ? { ...projection, apply: applyInRebuild, applyBatch: undefined } : projection;
}

/**
 * Drops the new tables' GIN and GiST indexes (full-text search, arrays) and the B-tree indexes the
 * projection names as `readIndexes`, and answers how to create them again: built once over the
 * finished rows they cost a fraction of keeping them up to date row by row. No projector reads through
 * them while it applies events (they serve the read side), and the B-tree indexes its updates and ON
 * CONFLICT need stay, as do unique ones.
 */
async function dropSearchIndexes(db: Kysely<Database>, b: Build): Promise<string[]> {
  // From the catalogs, by access method, the shadow schema's indexes only: pg_indexes computes every
  // index's definition in the database while it filters, and one another session drops meanwhile
  // fails the query ("could not open relation with OID …"). Definitions are read after, ours alone.
  const readIndexes = [...(b.projection.readIndexes ?? [])];
  const { rows } = await sql<{ name: string }>`SELECT c.relname AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_am am ON am.oid = c.relam
      JOIN pg_index i ON i.indexrelid = c.oid
    WHERE n.nspname = ${b.shadow} AND c.relkind = 'i'
      AND (am.amname IN ('gin', 'gist') OR (c.relname = ANY(${readIndexes}::text[]) AND NOT i.indisunique))
    ORDER BY c.relname`.execute(db);
  const definitions: string[] = [];
  for (const { name } of rows) {
    const { rows: found } = await sql<{
      definition: string;
    }>`SELECT pg_get_indexdef(format('%I.%I', ${b.shadow}::text, ${name}::text)::regclass) AS definition`.execute(db);
    definitions.push(found[0].definition);
    await sql`DROP INDEX ${sql.id(b.shadow, name)}`.execute(db);
  }
  return definitions;
}

/**
 * Creates a build's dropped indexes again over its finished rows, in one transaction with room to sort
 * (a B-tree of a million rows sorts in memory instead of in temporary files).
 */
async function createIndexes(db: Kysely<Database>, definitions: string[]): Promise<void> {
  if (definitions.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('maintenance_work_mem', '256MB', true)`.execute(trx);
    for (const definition of definitions) await sql.raw(definition).execute(trx);
  });
}

/**
 * Reads the log once for all builds until a short batch: everything committed so far is in. Each
 * build applies batches in order on its own chain, so a slow read model does not hold up the others
 * (and the next read) batch by batch; the reader waits only when it is `readAhead` batches ahead.
 */
async function catchUp(
  db: Kysely<Database>,
  store: EventStore,
  builds: Build[],
  limit: number,
  readAhead: number,
  onRead: (n: number) => void,
  shouldStop: () => boolean,
  statementBatches: boolean,
): Promise<void> {
  const active = builds.filter((b) => !b.failure);
  if (active.length === 0) return;
  let from = active.map((b) => b.position).reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));
  const chains = new Map<Build, Promise<void>>(active.map((b) => [b, Promise.resolve()]));
  const turns = new Turns();
  // Events no build handles are read without their data: about a third of a shop's log.
  const dataOf = new Set(active.flatMap((b) => [...b.handles]));
  const batchesDone: Array<Promise<unknown>> = [];
  for (;;) {
    if (batchesDone.length >= readAhead) await batchesDone.shift();
    if (shouldStop()) {
      await Promise.allSettled(chains.values());
      throw new Error("rebuild stopped: this process no longer projects");
    }
    const events = await store.readAll(from, { limit, dataOf });
    if (events.length > 0) {
      for (const b of active) {
        // Filtered when its turn comes (applyTo): b.position is where its previous batch left it.
        const next = chains.get(b)!.then(() => applyTo(db, b, events, statementBatches, turns));
        next.catch(() => {}); // awaited below; this only keeps an early exit from leaving it unhandled
        chains.set(b, next);
      }
      batchesDone.push(Promise.all(chains.values()));
      from = events[events.length - 1].position;
      onRead(events.length);
    }
    if (events.length < limit) break;
  }
  await Promise.all(chains.values());
}

/**
 * Drops the live tables and moves the new ones in, in one transaction, if the live projector has not
 * applied anything past the build's position. The checkpoint row is locked first: a live projector
 * moves its checkpoint before it touches a table, so it waits, then finds the checkpoint moved and
 * goes on from the build's position. Answers false when the live one was ahead (catch up, try again).
 */
async function swapIn(db: Kysely<Database>, schema: string, b: Build): Promise<boolean> {
  const { name, version } = b.projection;
  return db.transaction().execute(async (trx) => {
    await sql`INSERT INTO projection_checkpoints (name, version, position_major, position_minor, events_applied)
      VALUES (${name}, ${version}, 0, 0, 0) ON CONFLICT (name) DO NOTHING`.execute(trx);
    await sql`SELECT name FROM projection_checkpoints WHERE name = ${name} FOR UPDATE`.execute(trx);
    const live = await readCheckpoint(trx, name);
    if (live && comparePositions(live.position, b.position) > 0) return false;
    const { rows } = await sql<{
      tablename: string;
    }>`SELECT tablename FROM pg_tables WHERE schemaname = ${b.shadow}`.execute(trx);
    const built = rows.map((r) => r.tablename);
    for (const table of new Set([...b.projection.tables, ...built]))
      await sql`DROP TABLE IF EXISTS ${sql.id(schema, table)} CASCADE`.execute(trx);
    for (const table of built)
      await sql`ALTER TABLE ${sql.id(b.shadow, table)} SET SCHEMA ${sql.id(schema)}`.execute(trx);
    await b.projection.finishRebuild?.(trx);
    await sql`UPDATE projection_checkpoints SET version = ${version}, position_major = ${b.position.major.toString()}, position_minor = ${b.position.minor.toString()},
        events_applied = ${b.read}, failure = NULL, updated_at = now() WHERE name = ${name}`.execute(trx);
    return true;
  });
}

/**
 * Rebuilds read models from position 0 into new tables, reading the log once for all of them, and
 * swaps each in when it has caught up. Readers see the old rows until the new ones are complete; a
 * live projector may keep running meanwhile. A projector that fails leaves its live tables alone
 * and is answered in its result; the others are swapped in.
 */
export async function rebuildProjections(options: {
  db: Kysely<Database>;
  store: EventStore;
  projections: Projection[];
  batchSize?: number;
  /** Batches the log reader may run ahead of the slowest read model. */
  readAhead?: number;
  onProgress?: (progress: RebuildProgress) => void;
  /** Checked between batches: a leader that lost its lock (or is stopping) gives up the rebuild. */
  shouldStop?: () => boolean;
}): Promise<RebuildResult[]> {
  const { db, store, projections } = options;
  const limit = options.batchSize ?? BATCH;
  const readAhead = options.readAhead ?? READ_AHEAD;
  const schema = await currentSchema(db);
  const builds: Build[] = projections.map((projection) => ({
    projection,
    shadow: shadowName(schema, projection.name),
    live: schema,
    position: START,
    read: 0,
    applyMs: 0,
    handles: new Set(projection.handles),
  }));
  let read = 0;
  const onRead = (n: number) => {
    read += n;
    options.onProgress?.({ projection: projections[0]?.name ?? "", applied: read });
  };
  try {
    const searchIndexes = new Map<Build, string[]>();
    for (const b of builds) {
      await sql`CREATE SCHEMA ${sql.id(b.shadow)}`.execute(db);
      await inSchema(db, b.shadow, (trx) => b.projection.migrate(trx));
      searchIndexes.set(b, await dropSearchIndexes(db, b));
    }
    const shouldStop = options.shouldStop ?? (() => false);
    const statementBatches = await takesStatementBatches(db);
    await catchUp(db, store, builds, limit, readAhead, onRead, shouldStop, statementBatches);
    // Each build's indexes on a connection of its own: the largest (the catalog's) sets the end.
    await Promise.all(
      [...searchIndexes].map(([b, definitions]) => (b.failure ? undefined : createIndexes(db, definitions))),
    );
    for (const b of builds) {
      for (let attempt = 1; !b.failure; attempt++) {
        if (await swapIn(db, schema, b)) break;
        if (attempt >= SWAP_ATTEMPTS)
          throw new Error(`rebuild of ${b.projection.name}: the live projector kept moving ahead; try again`);
        await catchUp(db, store, [b], limit, readAhead, () => {}, shouldStop, statementBatches);
      }
    }
  } finally {
    for (const b of builds) await sql`DROP SCHEMA IF EXISTS ${sql.id(b.shadow)} CASCADE`.execute(db).catch(() => {});
  }
  return builds.map((b) => ({
    projection: b.projection.name,
    applied: b.read,
    failure: b.failure,
    applyMs: b.applyMs,
  }));
}

/** Rebuilds one read model (see rebuildProjections); a projector failure is thrown. Answers the events read. */
export async function rebuildProjection(options: {
  db: Kysely<Database>;
  store: EventStore;
  projection: Projection;
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
}): Promise<number> {
  const [result] = await rebuildProjections({ ...options, projections: [options.projection] });
  if (result.failure) throw result.failure;
  return result.applied;
}
