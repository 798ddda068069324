import {
  START,
  WrongExpectedVersionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
  type StreamWrite,
} from "@shop/shared";
import { decodeAt, type EventCodec } from "./postgres-event-store.ts";
import { subscribeByPolling } from "./subscription.ts";

/** One event as the store keeps it: the data as written (JSON), decoded again on every read, as on PostgreSQL. */
interface StoredEvent {
  streamId: string;
  streamPosition: number;
  globalPosition: number;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: EventMetadata;
  createdAt: Date;
}

/** The events themselves; two stores over one log see the same events (e.g. a raw writer and a decoding reader). */
export interface InMemoryLog {
  events: StoredEvent[];
  /** Last stream position by stream id. */
  versions: Map<string, number>;
  /** Wakes the subscribers of every store over this log. */
  listeners: Set<() => void>;
  /** How many events clearInMemoryLog() dropped: positions go on from there. */
  dropped: number;
}

export function newInMemoryLog(): InMemoryLog {
  return { events: [], versions: new Map(), listeners: new Set(), dropped: 0 };
}

/**
 * Empties the log for the next test while the numbering goes on, so a follower already past the
 * old events (a projection runner kept between tests) takes the new ones.
 */
export function clearInMemoryLog(log: InMemoryLog): void {
  log.dropped += log.events.length;
  log.events = [];
  log.versions.clear();
}

const passThrough: EventCodec = { decode: (_t, _v, d) => d, versionOf: () => 1 };

// One counter for both halves: appends commit one at a time, so commit order is append order.
const positionOf = (globalPosition: number): LogPosition => ({
  major: BigInt(globalPosition),
  minor: BigInt(globalPosition),
});

/**
 * The event store in process memory, for tests of rules that need no database for the log. It keeps
 * the port's whole contract (event-store.contract.ts): expected versions, log order, subscriptions;
 * data is stored as JSON and decoded by the codec on read (schema validation, upcasting), so what
 * comes back is what PostgreSQL would give back.
 */
export function createInMemoryEventStore(
  options: { codec?: EventCodec; log?: InMemoryLog; clock?: () => Date } = {},
): EventStore {
  const codec = options.codec ?? passThrough;
  const log = options.log ?? newInMemoryLog();
  const clock = options.clock ?? (() => new Date());

  async function append(
    streamId: string,
    events: NewEvent[],
    appendOptions: { expectedVersion?: ExpectedVersion } = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error("append needs at least one event");
    return appendNow(streamId, events, appendOptions.expectedVersion ?? "any");
  }

  function appendNow(streamId: string, events: NewEvent[], expected: ExpectedVersion): AppendResult {
    const actual = log.versions.get(streamId) ?? "no-stream";
    if (expected !== "any" && expected !== actual) throw new WrongExpectedVersionError(streamId, expected, actual);
    let version = actual === "no-stream" ? -1 : actual;
    const createdAt = clock();
    for (const event of events) {
      log.events.push({
        streamId,
        streamPosition: ++version,
        globalPosition: log.dropped + log.events.length + 1,
        type: event.type,
        schemaVersion: event.schemaVersion ?? codec.versionOf(event.type),
        // A JSON round trip, as jsonb does: dates become strings, undefined fields vanish, nothing is shared.
        data: JSON.parse(JSON.stringify(event.data ?? null)),
        metadata: JSON.parse(JSON.stringify(event.metadata ?? {})),
        createdAt,
      });
    }
    log.versions.set(streamId, version);
    for (const wake of log.listeners) wake();
    return { nextExpectedVersion: version, position: positionOf(log.dropped + log.events.length) };
  }

  // All checks before any write, and no await between them: nothing interleaves, as in one transaction.
  async function appendMany(writes: StreamWrite[]): Promise<AppendResult[]> {
    const ids = writes.map((w) => w.streamId);
    if (new Set(ids).size !== ids.length) throw new Error("appendMany takes each stream once");
    for (const w of writes) {
      if (w.events.length === 0) throw new Error("append needs at least one event");
      const expected = w.expectedVersion ?? "any";
      const actual = log.versions.get(w.streamId) ?? "no-stream";
      if (expected !== "any" && expected !== actual) throw new WrongExpectedVersionError(w.streamId, expected, actual);
    }
    return writes.map((w) => appendNow(w.streamId, w.events, "any"));
  }

  // As on PostgreSQL: readStream throws on an event that fails its schema, readAll marks it `invalid`.
  function toRecorded(e: StoredEvent, lenient = false): RecordedEvent {
    return {
      type: e.type,
      ...decodeAt(
        codec,
        e.type,
        e.schemaVersion,
        structuredClone(e.data),
        () => `${e.streamId} #${e.streamPosition} (global position ${e.globalPosition})`,
        lenient,
      ),
      metadata: structuredClone(e.metadata),
      schemaVersion: e.schemaVersion,
      streamId: e.streamId,
      streamPosition: e.streamPosition,
      position: positionOf(e.globalPosition),
      globalPosition: e.globalPosition,
      createdAt: new Date(e.createdAt),
    };
  }

  async function readStream(streamId: string, readOptions: { from?: number } = {}): Promise<RecordedEvent[]> {
    const from = readOptions.from ?? 0;
    return log.events.filter((e) => e.streamId === streamId && e.streamPosition >= from).map((e) => toRecorded(e));
  }

  async function readStreams(streamIds: readonly string[]): Promise<RecordedEvent[][]> {
    return Promise.all(streamIds.map((id) => readStream(id)));
  }

  // Global position n sits at index n - dropped - 1, so a read starts where `from` left off.
  async function readAll(from: LogPosition, readOptions: { limit?: number } = {}): Promise<RecordedEvent[]> {
    const start = Math.max(Number(from.minor) - log.dropped, 0);
    return log.events.slice(start, start + (readOptions.limit ?? 1000)).map((e) => toRecorded(e, true));
  }

  // Every append is committed when it returns: the head is settled. After a clear it stays where the dropped events ended.
  async function head(): Promise<LogPosition> {
    const last = log.dropped + log.events.length;
    return last > 0 ? positionOf(last) : START;
  }

  return {
    kind: "memory",
    append,
    appendMany,
    readStream,
    readStreams,
    readAll,
    head,
    settledHead: head,
    subscribe: (subscribeOptions) =>
      subscribeByPolling(
        {
          readAll,
          hasUnsettled: async () => false,
          async listen(onWake) {
            log.listeners.add(onWake);
            return async () => void log.listeners.delete(onWake);
          },
        },
        subscribeOptions,
      ),
    async close() {},
  };
}
