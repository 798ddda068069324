import { sql } from "kysely";
import { eventAppendSeconds } from "../platform/metrics.ts";
import {
  InvalidEventError,
  START,
  WrongExpectedVersionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type LogPosition,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
  type StreamWrite,
} from "@shop/shared";
import type { DatabaseConnection } from "../platform/database.ts";
import { migrateEventStore } from "./postgres-schema.ts";
import { appendEachStatement, appendStatement, type ClaimKind, type EachWrite } from "./append-sql.ts";
import { createAppendBatcher } from "./append-batcher.ts";
import { createCommitNotifier } from "./commit-notifier.ts";
import { subscribeByPolling } from "./subscription.ts";

/**
 * The first event past `from` in commit order, settled or not: a walk of events_commit_order from
 * `from`. (As an EXISTS the planner drops the ORDER BY and LIMIT, guesses that most rows match and
 * scans the whole table, whose newest rows lie last: a query that grew with the log, and that live
 * subscribers send every few milliseconds while writers are busy.)
 */
export function firstEventAfter(from: LogPosition) {
  return sql<{ one: number }>`SELECT 1 AS one FROM events
    WHERE (transaction_id, global_position) > (${from.major.toString()}::xid8, ${from.minor.toString()}::bigint)
    ORDER BY events.transaction_id, events.global_position LIMIT 1`;
}

export interface EventCodec {
  decode(type: string, schemaVersion: number, data: unknown): unknown;
  versionOf(type: string): number;
}

/**
 * Decodes an event read back; a schema failure names where the event sits in the log. `lenient`
 * (reading the whole log) answers the raw data marked `invalid` instead of throwing.
 */
export function decodeAt(
  codec: EventCodec,
  type: string,
  schemaVersion: number,
  data: unknown,
  where: () => string,
  lenient = false,
): { data: unknown; invalid?: Error } {
  try {
    return { data: codec.decode(type, schemaVersion, data) };
  } catch (error) {
    const located = error instanceof InvalidEventError ? error.at(where()) : error;
    if (lenient && located instanceof InvalidEventError) return { data, invalid: located };
    throw located;
  }
}

/**
 * At most one wake-up NOTIFY per this many ms under load: other processes learn of a burst of
 * appends up to this much later, and the database serves far fewer NOTIFY commits.
 */
const NOTIFY_GAP_MS = 20;

/**
 * Single-event appends at the database at once; more wait and go together in the next statement
 * (`append-batcher.ts`). Under load that is a few statements of many appends each, instead of one
 * transaction and one WAL flush per append; a quiet store sends each append alone, at once.
 */
const APPENDS_IN_FLIGHT = 4;
const MAX_BATCH = 200;

/** SQLSTATE classes 22 (data exception), 23 (integrity constraint) and 54 (program limit): the statement wrote nothing. */
function refusedForAValue(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^(22|23|54)[0-9A-Z]{3}$/.test(code);
}

const passThrough: EventCodec = { decode: (_t, _v, d) => d, versionOf: () => 1 };

/**
 * The event store on PostgreSQL (a server or PGlite). Appends are one statement each; reads follow
 * commit order: only transactions older than every open one (`pg_snapshot_xmin`) are read, ordered
 * by (transaction_id, global_position), so a reader never passes an event that commits later.
 */
export async function createPostgresEventStore(
  database: DatabaseConnection,
  codec: EventCodec = passThrough,
): Promise<EventStore> {
  const { db } = database;
  await migrateEventStore(db);
  const channel = `events_${database.schema}`;
  // The NOTIFY's own commit need not wait for a WAL flush: after a crash there is nobody to wake.
  const notifier = createCommitNotifier(
    () =>
      database.preparedQuery(
        "notify_commit",
        "SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, '')",
        [channel],
      ),
    NOTIFY_GAP_MS,
  );

  // Subscribers in this process are woken at once after each append; the NOTIFY (spaced out under
  // load) is for the other processes on the same database.
  const localListeners = new Set<() => void>();
  async function listenForCommits(onCommit: () => void): Promise<() => Promise<void>> {
    localListeners.add(onCommit);
    const unlisten = await database.listen(channel, onCommit);
    return async () => {
      localListeners.delete(onCommit);
      await unlisten();
    };
  }

  async function currentVersion(streamId: string): Promise<number | "no-stream"> {
    const row = await db.selectFrom("streams").select("version").where("stream_id", "=", streamId).executeTakeFirst();
    return row ? Number(row.version) : "no-stream";
  }

  type AppendedRow = { version: number; global_position: string; transaction_id: string };

  /** One append as one prepared statement: claim the versions on the stream row, insert the events. */
  async function appendAlone(
    streamId: string,
    events: NewEvent[],
    kind: ClaimKind,
    expected: number | null,
  ): Promise<AppendedRow | undefined> {
    const statement = appendStatement(streamId, events, kind, expected, (type) => codec.versionOf(type));
    const result = await database.preparedQuery<AppendedRow>(statement.name, statement.text, statement.values);
    return result.rows[0];
  }

  /**
   * A batch of single-event appends in one statement; a batch of one as the plain statement. Should
   * the database refuse the batch's statement for a value in it (a data or constraint error: nothing
   * was written), each write is sent alone, so only that one fails. Any other failure (a lost
   * connection: the batch may have committed) fails the whole batch, as it would fail one append.
   */
  async function sendBatch(writes: EachWrite[]): Promise<Array<AppendedRow | undefined | Error>> {
    if (writes.length === 1) return [await sendAlone(writes[0])];
    const statement = appendEachStatement(writes);
    let rows: Array<AppendedRow | { version: null }>;
    try {
      rows = (
        await database.preparedQuery<AppendedRow | { version: null }>(statement.name, statement.text, statement.values)
      ).rows;
    } catch (error) {
      if (!refusedForAValue(error)) throw error;
      return Promise.all(
        writes.map((w) =>
          sendAlone(w).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
        ),
      );
    }
    return rows.map((r) => (r.version === null ? undefined : r));
  }
  /** One write of a batch by the plain statement. */
  const sendAlone = (w: EachWrite) =>
    appendAlone(
      w.stream_id,
      [{ type: w.type, schemaVersion: w.schema_version, data: w.data, metadata: w.metadata as EventMetadata }],
      w.kind,
      w.expected,
    );
  const batcher = createAppendBatcher(sendBatch, APPENDS_IN_FLIGHT, MAX_BATCH);

  async function append(
    streamId: string,
    events: NewEvent[],
    options: { expectedVersion?: ExpectedVersion } = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error("append needs at least one event");
    const expected = options.expectedVersion ?? "any";
    // One round trip: claim the versions on the stream row (its row lock serialises writers of one
    // stream) and insert the events; one event may share its statement with others (the batcher).
    // Subscribers are woken after the commit.
    const kind = expected === "no-stream" ? "no-stream" : expected === "any" ? "any" : "exact";
    const timed = eventAppendSeconds.startTimer();
    const exact = typeof expected === "number" ? expected : null;
    const row =
      events.length === 1
        ? await batcher.submit({
            stream_id: streamId,
            kind,
            expected: exact,
            type: events[0].type,
            schema_version: events[0].schemaVersion ?? codec.versionOf(events[0].type),
            data: events[0].data ?? null,
            metadata: events[0].metadata ?? {},
          })
        : await appendAlone(streamId, events, kind, exact);
    timed();
    if (!row) throw new WrongExpectedVersionError(streamId, expected, await currentVersion(streamId));
    for (const wake of localListeners) wake();
    notifier.notify();
    return {
      nextExpectedVersion: Number(row.version),
      position: { major: BigInt(row.transaction_id), minor: BigInt(row.global_position) },
    };
  }

  /**
   * Many streams in one transaction and one statement (`append_many_v1`, append-sql.ts): the streams'
   * advisory locks in one order (so two bulk writers cannot deadlock; taken before any write, as
   * `append` takes its one), every expected version checked, then the stream rows and the events.
   */
  async function appendMany(writes: StreamWrite[]): Promise<AppendResult[]> {
    if (writes.length === 0) return [];
    const ids = writes.map((w) => w.streamId);
    if (new Set(ids).size !== ids.length) throw new Error("appendMany takes each stream once");
    if (writes.some((w) => w.events.length === 0)) throw new Error("append needs at least one event");
    const json = JSON.stringify(
      writes.map((w, ord) => {
        const expected = w.expectedVersion ?? "any";
        return {
          ord,
          stream_id: w.streamId,
          kind: expected === "no-stream" ? "no-stream" : expected === "any" ? "any" : "exact",
          expected: typeof expected === "number" ? expected : null,
          events: w.events.map((e, i) => ({
            ord: i + 1,
            type: e.type,
            schema_version: e.schemaVersion ?? codec.versionOf(e.type),
            data: e.data ?? null,
            metadata: e.metadata ?? {},
          })),
        };
      }),
    );
    const { rows } = await sql<{
      written_stream: string;
      written_version: number | null;
      written_position: string | null;
      written_xid: string | null;
      conflict: boolean;
    }>`SELECT * FROM append_many_v1(${json}::jsonb)`.execute(db);
    if (rows[0]?.conflict) {
      const w = writes.find((x) => x.streamId === rows[0].written_stream)!;
      const actual = rows[0].written_version;
      throw new WrongExpectedVersionError(
        w.streamId,
        w.expectedVersion ?? "any",
        actual === null ? "no-stream" : Number(actual),
      );
    }
    for (const wake of localListeners) wake();
    notifier.notify();
    return rows.map((r) => ({
      nextExpectedVersion: Number(r.written_version),
      position: { major: BigInt(r.written_xid!), minor: BigInt(r.written_position!) },
    }));
  }

  function toRecorded(r: EventRow, lenient = false): RecordedEvent {
    const schemaVersion = Number(r.schema_version);
    const decoded = decodeAt(
      codec,
      r.type,
      schemaVersion,
      r.data,
      () => `${r.stream_id} #${r.stream_position} (global position ${r.global_position})`,
      lenient,
    );
    return {
      type: r.type,
      ...decoded,
      metadata: r.metadata ?? {},
      schemaVersion,
      streamId: r.stream_id,
      streamPosition: Number(r.stream_position),
      position: { major: BigInt(r.transaction_id), minor: BigInt(r.global_position) },
      globalPosition: Number(r.global_position),
      createdAt: new Date(r.created_at),
    };
  }

  /** An event read without its data (readAll's `dataOf`): nothing to decode. */
  function withoutData(r: EventRow): RecordedEvent {
    return {
      type: r.type,
      data: undefined,
      metadata: r.metadata ?? {},
      schemaVersion: Number(r.schema_version),
      streamId: r.stream_id,
      streamPosition: Number(r.stream_position),
      position: { major: BigInt(r.transaction_id), minor: BigInt(r.global_position) },
      globalPosition: Number(r.global_position),
      createdAt: new Date(r.created_at),
    };
  }

  /** A row as `columns` selects it: the positions as text, so no bigint loses precision. */
  type EventRow = {
    global_position: string;
    stream_id: string;
    stream_position: number;
    type: string;
    schema_version: number;
    data: unknown;
    metadata: EventMetadata | null;
    transaction_id: string;
    created_at: Date | string;
  };

  // The text aliases shadow the columns in ORDER BY, so sorts name the columns as events.<column>.
  const columns = sql`global_position::text AS global_position, stream_id, stream_position, type, schema_version, data, metadata,
    transaction_id::text AS transaction_id, created_at`;

  async function readOne(streamId: string, from: number): Promise<EventRow[]> {
    const { rows } =
      await sql<EventRow>`SELECT ${columns} FROM events WHERE stream_id = ${streamId} AND stream_position >= ${from}
      ORDER BY events.stream_position`.execute(db);
    return rows;
  }

  /** The rows of several streams in one statement, by stream, each from `from` on. */
  async function readMany(streamIds: readonly string[], from: number): Promise<Map<string, EventRow[]>> {
    const { rows } = await sql<EventRow>`SELECT ${columns} FROM events
      WHERE stream_id = ANY(${[...new Set(streamIds)]}::text[]) AND stream_position >= ${from}
      ORDER BY events.stream_id, events.stream_position`.execute(db);
    const byStream = new Map<string, EventRow[]>(streamIds.map((id) => [id, []]));
    for (const r of rows) byStream.get(r.stream_id)?.push(r);
    return byStream;
  }

  async function readStreams(streamIds: readonly string[]): Promise<RecordedEvent[][]> {
    if (streamIds.length === 1) return [(await readOne(streamIds[0], 0)).map((r) => toRecorded(r))];
    if (streamIds.length === 0) return [];
    const byStream = await readMany(streamIds, 0);
    return streamIds.map((id) => byStream.get(id)!.map((r) => toRecorded(r)));
  }

  // Reads asked for in one turn of the event loop go in one statement (issue 28, point 3: a step reads
  // the checkout and its cart side by side, the payment its SKUs, the place step four quiet streams;
  // each was a statement and a round trip of its own). The batch leaves once the turn's I/O callbacks
  // have run (setImmediate), so under load the reads of every request answered in that turn share it:
  // at 64 shoppers 15-16 statements per order instead of 21-23 with process.nextTick (one request's
  // reads only), and a third less CPU in PostgreSQL (bench/README.md). A read is sent after it was
  // asked, so it never misses an append that answered before.
  let waiting: Array<{ streamId: string; from: number; done: (rows: EventRow[] | Error) => void }> = [];
  function sendReads() {
    const batch = waiting;
    waiting = [];
    const from = Math.min(...batch.map((r) => r.from));
    const sent =
      batch.length === 1
        ? readOne(batch[0].streamId, from).then((rows) => new Map([[batch[0].streamId, rows]]))
        : readMany(
            batch.map((r) => r.streamId),
            from,
          );
    sent.then(
      (byStream) => {
        for (const r of batch) r.done(byStream.get(r.streamId)!.filter((row) => Number(row.stream_position) >= r.from));
      },
      (error: Error) => {
        for (const r of batch) r.done(error);
      },
    );
  }

  function readStream(streamId: string, options: { from?: number } = {}): Promise<RecordedEvent[]> {
    return new Promise<EventRow[]>((resolve, reject) => {
      waiting.push({ streamId, from: options.from ?? 0, done: (r) => (r instanceof Error ? reject(r) : resolve(r)) });
      if (waiting.length === 1) setImmediate(sendReads);
    }).then((rows) => rows.map((r) => toRecorded(r)));
  }

  async function readAll(from: LogPosition, options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const { dataOf } = options;
    // Without the data of events the reader does not need: neither sent, nor parsed, nor decoded.
    const selected = dataOf
      ? sql`global_position::text AS global_position, stream_id, stream_position, type, schema_version,
          CASE WHEN type = ANY(${[...dataOf]}::text[]) THEN data END AS data, metadata,
          transaction_id::text AS transaction_id, created_at`
      : columns;
    const { rows } = await sql<EventRow>`SELECT ${selected} FROM events
      WHERE (transaction_id, global_position) > (${from.major.toString()}::xid8, ${from.minor.toString()}::bigint)
        AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      ORDER BY events.transaction_id, events.global_position LIMIT ${options.limit ?? 1000}`.execute(db);
    if (!dataOf) return rows.map((r) => toRecorded(r, true));
    return rows.map((r) => (dataOf.has(r.type) ? toRecorded(r, true) : withoutData(r)));
  }

  async function head(): Promise<LogPosition> {
    const { rows } = await sql<{
      t: string;
      g: string;
    }>`SELECT transaction_id::text AS t, global_position::text AS g FROM events
      ORDER BY events.transaction_id DESC, events.global_position DESC LIMIT 1`.execute(db);
    return rows[0] ? { major: BigInt(rows[0].t), minor: BigInt(rows[0].g) } : START;
  }

  // Transactions open now have ids from pg_snapshot_xmin up: their events will sort after this one.
  async function settledHead(): Promise<LogPosition> {
    const { rows } = await sql<{
      t: string;
      g: string;
    }>`SELECT transaction_id::text AS t, global_position::text AS g FROM events
      WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      ORDER BY events.transaction_id DESC, events.global_position DESC LIMIT 1`.execute(db);
    return rows[0] ? { major: BigInt(rows[0].t), minor: BigInt(rows[0].g) } : START;
  }

  /** True when committed events exist past `from` that readAll may not return yet (an older writer is still open). */
  async function hasUnsettled(from: LogPosition): Promise<boolean> {
    const { rows } = await firstEventAfter(from).execute(db);
    return rows.length > 0;
  }

  return {
    kind: database.kind,
    append,
    appendMany,
    readStream,
    readStreams,
    readAll,
    head,
    settledHead,
    subscribe: (options) =>
      // PGlite has one connection: a read ahead would only wait behind the delivery's transaction.
      subscribeByPolling(
        { readAll, hasUnsettled, listen: (fn) => listenForCommits(fn), readAhead: database.kind === "postgres" },
        options,
      ),
    async close() {
      await notifier.drain();
    },
  };
}
