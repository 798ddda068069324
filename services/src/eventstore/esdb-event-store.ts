import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  NO_STREAM,
  START as ESDB_START,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamRecordedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type JSONType,
  type Position,
  type ReadPosition,
  type RecordedEvent as EsdbRecordedEvent,
} from "@eventstore/db-client";
import {
  START,
  WrongExpectedVersionError,
  comparePositions,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
} from "@shop/shared";
import { decodeAt, type EventCodec } from "./postgres-event-store.ts";

const passThrough: EventCodec = { decode: (_t, _v, d) => d, versionOf: () => 1 };
const isSystem = (type: string) => type.startsWith("$");
const toLog = (p: Position): LogPosition => ({ major: p.commit, minor: p.prepare });
const toEsdb = (p: LogPosition): ReadPosition =>
  comparePositions(p, START) === 0 ? ESDB_START : { commit: p.major, prepare: p.minor };

/**
 * The event store on EventStoreDB/KurrentDB. Log positions are (commit, prepare); the schema version
 * travels in the event's metadata; system events ($-types) are not part of the shop's log.
 */
export async function createEsdbEventStore(
  connectionString: string,
  codec: EventCodec = passThrough,
): Promise<EventStore> {
  const client = EventStoreDBClient.connectionString(connectionString);

  function toRecorded(e: EsdbRecordedEvent, lenient = false): RecordedEvent {
    const raw =
      e.metadata instanceof Uint8Array
        ? JSON.parse(Buffer.from(e.metadata).toString("utf8") || "{}")
        : (e.metadata ?? {});
    const { schemaVersion = 1, ...metadata } = raw as EventMetadata & { schemaVersion?: number };
    const position = e.position ? toLog(e.position) : START;
    return {
      type: e.type,
      ...decodeAt(
        codec,
        e.type,
        schemaVersion,
        e.data,
        () => `${e.streamId} #${e.revision} (log position ${position.major}/${position.minor})`,
        lenient,
      ),
      metadata,
      schemaVersion,
      streamId: e.streamId,
      streamPosition: Number(e.revision),
      position,
      globalPosition: Number(position.minor),
      createdAt: e.created,
    };
  }

  async function append(streamId: string, events: NewEvent[], options: { expectedVersion?: ExpectedVersion } = {}) {
    if (events.length === 0) throw new Error("append needs at least one event");
    const expected = options.expectedVersion ?? "any";
    const expectedRevision: AppendExpectedRevision =
      expected === "no-stream" ? NO_STREAM : expected === "any" ? ANY : BigInt(expected);
    const data = events.map((e) =>
      jsonEvent({
        type: e.type,
        data: (e.data ?? {}) as JSONType,
        metadata: { ...e.metadata, schemaVersion: e.schemaVersion ?? codec.versionOf(e.type) },
      }),
    );
    try {
      const result = await client.appendToStream(streamId, data, { expectedRevision });
      let position = result.position ? toLog(result.position) : START;
      if (events.length > 1) {
        // The write's position need not be its last event's; read-your-writes waits for the last one.
        for await (const { event } of client.readStream(streamId, {
          fromRevision: result.nextExpectedRevision,
          maxCount: 1,
        })) {
          if (event?.position) position = toLog(event.position);
        }
      }
      return { nextExpectedVersion: Number(result.nextExpectedRevision), position };
    } catch (error) {
      if (error instanceof EsdbWrongExpectedVersionError) {
        const actual = error.actualVersion === NO_STREAM ? "no-stream" : Number(error.actualVersion);
        throw new WrongExpectedVersionError(streamId, expected, actual);
      }
      throw error;
    }
  }

  async function readStream(streamId: string, options: { from?: number } = {}): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    try {
      for await (const { event } of client.readStream(streamId, { fromRevision: BigInt(options.from ?? 0) })) {
        if (event) out.push(toRecorded(event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return out;
  }

  /** KurrentDB reads one stream per call: the streams are read side by side. */
  async function readStreams(streamIds: readonly string[]): Promise<RecordedEvent[][]> {
    return Promise.all(streamIds.map((id) => readStream(id)));
  }

  async function readAll(from: LogPosition, options: { limit?: number } = {}): Promise<RecordedEvent[]> {
    const limit = options.limit ?? 1000;
    const out: RecordedEvent[] = [];
    // $all reads count system events and include the start position, so read until enough are kept.
    for (let position = from; out.length < limit; ) {
      const maxCount = limit - out.length + 1;
      let read = 0;
      for await (const { event } of client.readAll({ fromPosition: toEsdb(position), maxCount })) {
        read++;
        if (!event) continue;
        const at = toLog(event.position);
        if (comparePositions(at, position) <= 0) continue;
        position = at;
        if (!isSystem(event.type) && out.length < limit) out.push(toRecorded(event, true));
      }
      if (read < maxCount) break;
    }
    return out;
  }

  async function head(): Promise<LogPosition> {
    for (let fromPosition: ReadPosition = END; ; ) {
      let read = 0;
      let last: AllStreamRecordedEvent | undefined;
      for await (const { event } of client.readAll({ fromPosition, direction: BACKWARDS, maxCount: 100 })) {
        read++;
        if (!event) continue;
        if (!isSystem(event.type)) return toLog(event.position);
        last = event;
      }
      if (read < 100 || !last) return START;
      fromPosition = last.position;
    }
  }

  return {
    kind: "eventstoredb",
    append,
    readStream,
    readStreams,
    readAll,
    head,
    // One writer orders the log: nothing committed later can sort before the head.
    settledHead: head,
    subscribe(options) {
      let delivered = options.from;
      let stopped = false;
      let current: AllStreamSubscription | null = null;
      const waiters: Array<{ target: LogPosition; resolve: () => void }> = [];
      const settle = () => {
        for (const w of waiters.splice(0)) {
          if (comparePositions(delivered, w.target) >= 0) w.resolve();
          else waiters.push(w);
        }
      };

      // A dropped connection or a failing handler restarts the subscription from the last delivered event.
      const loop = (async () => {
        while (!stopped) {
          try {
            current = client.subscribeToAll({ fromPosition: toEsdb(delivered), filter: excludeSystemEvents() });
            for await (const { event } of current) {
              if (stopped) break;
              if (!event || isSystem(event.type) || comparePositions(toLog(event.position), delivered) <= 0) continue;
              await options.onEvents([toRecorded(event, true)]);
              delivered = toLog(event.position);
              settle();
            }
          } catch (error) {
            if (stopped) break;
            options.onError?.(error);
            await new Promise((resolve) => setTimeout(resolve, 1000));
          }
        }
      })();

      return {
        async caughtUp() {
          const target = await head();
          await new Promise<void>((resolve) => {
            waiters.push({ target, resolve });
            settle();
          });
        },
        async stop() {
          stopped = true;
          await current?.unsubscribe();
          await loop;
          for (const w of waiters.splice(0)) w.resolve();
        },
      };
    },
    async close() {
      await client.dispose();
    },
  };
}
