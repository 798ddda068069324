import type {
  AppendResult,
  EventDefinition,
  EventMetadata,
  EventOf,
  EventStore,
  LogPosition,
  RecordedEvent,
} from "@shop/shared";
import { foldStream, type Decide, type Decider, type RetryPolicy } from "./command-handler.ts";

/** The commands of one transaction: each reads and decides its stream; nothing is written until the end. */
export interface StreamTransaction {
  /**
   * Reads `streamId` (once per try; `assumeNew` skips the read on the first try), folds it with the
   * decider and the events this transaction already decided for it, and decides. The events are
   * appended with the others, at the version read. Answers the state after them and the events.
   */
  run<State, Definitions extends readonly EventDefinition[]>(
    streamId: string,
    decider: Decider<State, Definitions>,
    decide: Decide<State, Definitions>,
    options?: { assumeNew?: boolean },
  ): Promise<{ state: State; events: Array<EventOf<Definitions>>; recorded: RecordedEvent[] }>;
}

export interface TransactionResult<T> {
  result: T;
  /** Each written stream's append, by stream id. */
  appended: Map<string, AppendResult>;
  /** The last position written (null when nothing was decided). */
  last: LogPosition | null;
}

export interface NewEvent {
  type: string;
  data: unknown;
  metadata?: EventMetadata;
}

/**
 * A stream as a run of decisions saw it: what was read, at which version, and the events already
 * decided on it (by the transactions before this one in a batch).
 */
export interface Seen {
  recorded: RecordedEvent[];
  version: number | "no-stream";
  events: NewEvent[];
}

/** What one run of a transaction's body answered, and the events it decided per stream. */
export interface Decisions<T> {
  result: T;
  mine: Map<string, NewEvent[]>;
}

/**
 * Runs `body` once: each stream it names is taken from `seen` (read into it the first time, or taken
 * from `reads`, what an earlier run read), folded with the events `seen` holds for it and with this
 * body's own. `seen` is not changed by the body's decisions: the caller adds them (`keep`) only when
 * the body finished, so a body that throws leaves nothing behind. The streams named in `prefetch`
 * are read first, all at once (one round trip's wait instead of one per stream, in turn).
 */
export async function decideIn<T>(
  store: EventStore,
  body: (tx: StreamTransaction) => Promise<T>,
  seen: Map<string, Seen>,
  options: {
    attempt: number;
    metadata?: EventMetadata;
    reads?: ReadonlyMap<string, RecordedEvent[]>;
    prefetch?: readonly string[];
    /** Reads of `prefetch` streams begun earlier by the caller (`runStreamTransaction`'s `readAhead`). */
    begun?: ReadonlyMap<string, Promise<RecordedEvent[]>>;
  },
): Promise<Decisions<T>> {
  const ahead = [...new Set(options.prefetch ?? [])].filter((id) => !seen.has(id) && !options.reads?.has(id));
  const read = await Promise.all(ahead.map((id) => options.begun?.get(id) ?? store.readStream(id)));
  for (const [i, id] of ahead.entries()) seen.set(id, { recorded: read[i], version: versionOf(read[i]), events: [] });
  const mine = new Map<string, NewEvent[]>();
  const tx: StreamTransaction = {
    async run(streamId, decider, decide, runOptions) {
      let stream = seen.get(streamId);
      if (!stream) {
        const recorded =
          options.reads?.get(streamId) ??
          (runOptions?.assumeNew && options.attempt === 1 ? [] : await store.readStream(streamId));
        stream = { recorded, version: versionOf(recorded), events: [] };
        seen.set(streamId, stream);
      }
      const own = mine.get(streamId) ?? [];
      mine.set(streamId, own);
      type Event = EventOf<typeof decider.events>;
      let state = foldStream(decider, stream.recorded);
      for (const e of [...stream.events, ...own]) state = decider.evolve(state, e as Event);
      const base = stream.version === "no-stream" ? -1 : stream.version;
      const events = await decide(state, base + stream.events.length + own.length);
      own.push(...events.map((e) => ({ type: e.type, data: e.data, metadata: options.metadata })));
      state = events.reduce(decider.evolve, state);
      return { state, events, recorded: stream.recorded };
    },
  };
  const result = await body(tx);
  for (const [id, events] of mine) if (events.length === 0) mine.delete(id);
  return { result, mine };
}

/** Adds a finished body's decisions to `seen`; answers, per stream, the version its last event will have. */
export function keep(seen: Map<string, Seen>, mine: Map<string, NewEvent[]>): Map<string, number> {
  const versions = new Map<string, number>();
  for (const [id, events] of mine) {
    const stream = seen.get(id)!;
    stream.events.push(...events);
    versions.set(id, (stream.version === "no-stream" ? -1 : stream.version) + stream.events.length);
  }
  return versions;
}

/** The appends `seen` holds: each stream with events, at the version it was read. */
export function writesOf(seen: Map<string, Seen>) {
  return [...seen]
    .filter(([, s]) => s.events.length > 0)
    .map(([streamId, s]) => ({ streamId, expectedVersion: s.version, events: s.events }));
}

export const versionOf = (recorded: RecordedEvent[]): number | "no-stream" =>
  recorded.length ? recorded[recorded.length - 1].streamPosition : "no-stream";

/** The policy's pause before another try after a conflict (none for a policy that refuses). */
export const pause = (policy: RetryPolicy | undefined, attempt: number) =>
  policy?.onConflict === "retry" && policy.pauseStepMs
    ? new Promise((r) =>
        setTimeout(r, Math.random() * Math.min(policy.maxPauseMs ?? 50, attempt * policy.pauseStepMs!)),
      )
    : undefined;

/** Whether a transaction on this policy stops at its `attempt`-th conflict. */
export const givesUp = (policy: RetryPolicy, attempt: number) =>
  policy.onConflict === "refuse" || attempt >= policy.attempts;
