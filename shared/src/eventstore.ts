/**
 * The event store port: the one contract every store (PostgreSQL, PGlite, EventStoreDB) keeps.
 * Positions in the whole log are opaque pairs compared lexicographically; streams count from 0.
 */

/** Who and why: round-tripped with every event, shown by the audit view. */
export interface EventMetadata {
  userId?: string | null;
  correlationId?: string;
  causationId?: string;
  requestId?: string;
}

/** An event about to be appended. `schemaVersion` defaults to 1. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata?: EventMetadata;
  schemaVersion?: number;
}

/**
 * A place in the whole log. On PostgreSQL `major` is the writer's transaction id and `minor` the
 * global position; on EventStoreDB they are the commit and prepare positions.
 */
export interface LogPosition {
  major: bigint;
  minor: bigint;
}

export const START: LogPosition = Object.freeze({ major: 0n, minor: 0n });

export function comparePositions(a: LogPosition, b: LogPosition): number {
  if (a.major !== b.major) return a.major < b.major ? -1 : 1;
  if (a.minor !== b.minor) return a.minor < b.minor ? -1 : 1;
  return 0;
}

export function positionToString(p: LogPosition): string {
  return `${p.major}/${p.minor}`;
}

export function positionFromString(s: string): LogPosition {
  const m = /^(\d+)\/(\d+)$/.exec(s);
  if (!m) throw new Error(`not a log position: ${s}`);
  return { major: BigInt(m[1]), minor: BigInt(m[2]) };
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata: EventMetadata;
  schemaVersion: number;
  streamId: string;
  /** 0-based position within its stream. */
  streamPosition: number;
  /** Place in the whole log (what checkpoints store). */
  position: LogPosition;
  /** Monotonic number of the event in the whole log, for people (audit view). */
  globalPosition: number;
  createdAt: Date;
  /**
   * Set by `readAll` and subscriptions when the stored data fails its schema: `data` is then the raw
   * stored value. One bad event must not hide the others, so the log reader marks it and each
   * consumer decides (a projection that handles the type stops and reports it; the live push skips
   * it). `readStream` throws instead: a command never decides on a stream it cannot read.
   */
  invalid?: Error;
}

export interface ReadAllOptions {
  limit?: number;
  /** The types whose data the reader needs; others may come without it. */
  dataOf?: ReadonlySet<string>;
}

/** `no-stream`: the stream must not exist; `any`: no check; a number: the stream's last position. */
export type ExpectedVersion = "no-stream" | "any" | number;

export interface AppendResult {
  /** Position of the stream's last event after the append. */
  nextExpectedVersion: number;
  /** Log position of the last appended event (what read-your-writes waits for). */
  position: LogPosition;
}

/** One stream's part of a multi-stream append (`EventStore.appendMany`). */
export interface StreamWrite {
  streamId: string;
  events: NewEvent[];
  expectedVersion?: ExpectedVersion;
}

export interface Subscription {
  stop(): Promise<void>;
  /** Resolves once the subscriber has delivered every event committed before the call. */
  caughtUp(): Promise<void>;
}

export interface SubscribeOptions {
  from: LogPosition;
  /** Called with events in log order; the next batch waits for the promise. */
  onEvents(events: RecordedEvent[]): Promise<void> | void;
  onError?(error: unknown): void;
  batchSize?: number;
}

export interface EventStore {
  /** "memory": the in-process store of fast tests (services/src/eventstore/in-memory-event-store.ts). */
  readonly kind: "postgres" | "pglite" | "eventstoredb" | "memory";
  append(streamId: string, events: NewEvent[], options?: { expectedVersion?: ExpectedVersion }): Promise<AppendResult>;
  /**
   * Appends to several distinct streams at once, all or nothing: each write's expected version is
   * checked as `append` checks it, and one failed check appends nothing (its WrongExpectedVersionError
   * names that stream). Answers each write's result, in order. For bulk writers (the catalog import);
   * absent where the store cannot write several streams atomically (KurrentDB): `appendWrites` in
   * services/src/eventstore/append-writes.ts then appends stream by stream.
   */
  appendMany?(writes: StreamWrite[]): Promise<AppendResult[]>;
  /** Events of one stream from a 0-based stream position; empty for a missing stream. */
  readStream(streamId: string, options?: { from?: number }): Promise<RecordedEvent[]>;
  /**
   * Several streams at once, each from its start: the answers in the order of `streamIds` (a missing
   * stream's empty). On PostgreSQL one statement; a step that needs the checkout and its cart reads them
   * in one round trip (issue 28, point 3). Not one snapshot across streams on every store: decide as if
   * each were read alone (the appends' expected versions catch what changed).
   */
  readStreams(streamIds: readonly string[]): Promise<RecordedEvent[][]>;
  /**
   * Events of the whole log strictly after `from`, in log order, only those no open writer can still
   * precede. An event whose data fails its schema comes back marked (`invalid`), not as a rejection.
   * With `dataOf`, a store may answer events of other types without their data (`data` undefined,
   * nothing read or decoded): a reader that only moves its position past them need not pay for them.
   */
  readAll(from: LogPosition, options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** The position of the newest committed event, or START for an empty log. */
  head(): Promise<LogPosition>;
  /**
   * Where a follower of the live log starts: the newest event `readAll` can return now, or START.
   * Every event committed later, even by a transaction open now, sorts after it; `head()` gives no
   * such promise when transactions commit out of order.
   */
  settledHead(): Promise<LogPosition>;
  subscribe(options: SubscribeOptions): Subscription;
  close(): Promise<void>;
}

/**
 * Every event after `from` that had committed when this was called. `readAll` holds back events
 * while an older writer is still open, and on PostgreSQL that horizon is server-wide
 * (`pg_snapshot_xmin`): a transaction in another database delays it too. Tests and tools that must
 * see what they have just written read through this; it waits until `settledHead` reaches `head`.
 */
export async function readAllCommitted(
  store: Pick<EventStore, "head" | "settledHead" | "readAll">,
  from: LogPosition,
  options: { limit?: number; timeoutMs?: number } = {},
): Promise<RecordedEvent[]> {
  const head = await store.head();
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  while (comparePositions(await store.settledHead(), head) < 0) {
    if (Date.now() > deadline) throw new Error("readAllCommitted: an older writer stayed open past the timeout");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return store.readAll(from, { limit: options.limit ?? 1_000_000 });
}

/** Raised when the stream's version is not the expected one. HTTP answers 409. */
export class WrongExpectedVersionError extends Error {
  readonly code = "WRONG_EXPECTED_VERSION";
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number | "no-stream",
  ) {
    super(`Stream ${streamId}: expected version ${String(expected)}, actual ${String(actual)}`);
    this.name = "WrongExpectedVersionError";
  }
}
