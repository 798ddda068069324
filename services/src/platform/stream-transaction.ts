import {
  comparePositions,
  WrongExpectedVersionError,
  type AppendResult,
  type EventDefinition,
  type EventMetadata,
  type EventOf,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
} from "@shop/shared";
import { appendWrites } from "../eventstore/append-writes.ts";
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

interface Pending {
  recorded: RecordedEvent[];
  version: number | "no-stream";
  events: Array<{ type: string; data: unknown }>;
}

const pause = (policy: RetryPolicy, attempt: number) =>
  policy.onConflict === "retry" && policy.pauseStepMs
    ? new Promise((r) =>
        setTimeout(r, Math.random() * Math.min(policy.maxPauseMs ?? 50, attempt * policy.pauseStepMs!)),
      )
    : undefined;

/**
 * Commands on several streams that commit together: `body` decides each stream's events on what it
 * read, then all of them are appended in one `appendMany` (one transaction, one WAL flush) with each
 * stream's version as its expected one. A conflict on any stream writes nothing; the policy then
 * runs `body` again on fresh reads. `body` must not write: it may run more than once. Where the
 * store has no `appendMany` (KurrentDB) the streams are appended one by one, in the order decided,
 * so each command must stay idempotent on its own (as every saga step already is).
 */
export async function runStreamTransaction<T>(
  store: EventStore,
  retry: RetryPolicy,
  metadata: EventMetadata,
  body: (tx: StreamTransaction) => Promise<T>,
  /**
   * This process's transactions that write the same streams (a SKU sixteen buyers race for) go one
   * at a time: they queue here instead of colliding at the database and retrying, each retry a read
   * and a write more. Streams only read (an untracked download's SKU) queue nobody. Other processes
   * still meet them through the expected versions.
   */
  options: { queue?: boolean } = {},
): Promise<TransactionResult<T>> {
  let held: { streams: string[]; release: () => void } | null = null;
  try {
    for (let attempt = 1; ; attempt++) {
      const decided = await decideAll(store, body, attempt);
      const written = decided.writes.map((w) => w.streamId).sort();
      if (options.queue && written.length && !(held && written.every((id) => held!.streams.includes(id)))) {
        held?.release();
        const queued = await queueFor(store, written);
        held = { streams: written, release: queued.release };
        // Another transaction of this process wrote them meanwhile: decide again on what it left.
        if (queued.waited) continue;
      }
      if (decided.writes.length === 0) return { result: decided.result, appended: new Map(), last: null };
      let results: AppendResult[];
      try {
        results = await appendWrites(
          store,
          decided.writes.map((w) => ({ ...w, events: w.events.map((e) => ({ ...e, metadata })) })),
        );
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        if (retry.onConflict === "refuse" || attempt >= retry.attempts) throw error;
        await pause(retry, attempt);
        continue;
      }
      const appended = new Map(decided.writes.map((w, i) => [w.streamId, results[i]]));
      const last = results.map((r) => r.position).reduce((a, b) => (comparePositions(a, b) >= 0 ? a : b));
      return { result: decided.result, appended, last };
    }
  } finally {
    held?.release();
  }
}

/** One run of `body`: what it answered and the writes it decided, each at the version it read. */
async function decideAll<T>(store: EventStore, body: (tx: StreamTransaction) => Promise<T>, attempt: number) {
  const streams = new Map<string, Pending>();
  const tx: StreamTransaction = {
    async run(streamId, decider, decide, options) {
      let pending = streams.get(streamId);
      if (!pending) {
        const recorded = options?.assumeNew && attempt === 1 ? [] : await store.readStream(streamId);
        const version = recorded.length ? recorded[recorded.length - 1].streamPosition : "no-stream";
        pending = { recorded, version, events: [] };
        streams.set(streamId, pending);
      }
      type Event = EventOf<typeof decider.events>;
      let state = foldStream(decider, pending.recorded);
      for (const e of pending.events) state = decider.evolve(state, e as Event);
      const base = pending.version === "no-stream" ? -1 : pending.version;
      const events = await decide(state, base + pending.events.length);
      pending.events.push(...events);
      state = events.reduce(decider.evolve, state);
      return { state, events, recorded: pending.recorded };
    },
  };
  const result = await body(tx);
  const writes = [...streams]
    .filter(([, p]) => p.events.length > 0)
    .map(([streamId, p]) => ({
      streamId,
      expectedVersion: p.version,
      events: p.events.map((e) => ({ type: e.type, data: e.data })),
    }));
  return { result, writes };
}

/** The tail of each queued stream's line in this process, by store. */
const lines = new WeakMap<EventStore, Map<string, Promise<void>>>();

/** Waits for each stream's earlier transactions, in one order (so two queued transactions never wait in a cycle). */
async function queueFor(
  store: EventStore,
  streamIds: readonly string[],
): Promise<{ waited: boolean; release: () => void }> {
  let waited = false;
  const tails = lines.get(store) ?? new Map<string, Promise<void>>();
  lines.set(store, tails);
  const releases: Array<() => void> = [];
  for (const id of [...new Set(streamIds)].sort()) {
    const earlier = tails.get(id);
    if (earlier) waited = true;
    const before = earlier ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((r) => (release = r));
    const tail = before.then(() => mine);
    tails.set(id, tail);
    releases.push(() => {
      release();
      if (tails.get(id) === tail) tails.delete(id);
    });
    await before;
  }
  return {
    waited,
    release: () => {
      for (const r of releases) r();
    },
  };
}
