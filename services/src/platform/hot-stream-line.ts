import {
  comparePositions,
  WrongExpectedVersionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
} from "@shop/shared";
import type { RetryPolicy } from "./command-handler.ts";

import {
  decideIn,
  givesUp,
  keep,
  pause,
  versionOf,
  writesOf,
  type Decisions,
  type Seen,
  type StreamTransaction,
  type TransactionResult,
} from "./stream-decisions.ts";

/** A transaction that asked to queue, with its first run (decided before it queued). */
export interface Queued<T> {
  retry: RetryPolicy;
  metadata: EventMetadata;
  body: (tx: StreamTransaction) => Promise<T>;
  /** The streams its body will read, read at once before it runs. */
  prefetch?: readonly string[];
  /**
   * Its first run (decided before it queued), or none: it came while the streams it names (`prefetch`)
   * were in line, so its first decision is made in its batch (`inLine`).
   */
  first?: { seen: Map<string, Seen>; decided: Decisions<T>; reads: ReadonlyMap<string, RecordedEvent[]> };
}

/** Runs one queued transaction by itself, on its first run's decisions (`useFirst`) or on fresh reads. */
export type RunAlone = <T>(queued: Queued<T>, useFirst: boolean) => Promise<TransactionResult<T>>;

interface Member {
  queued: Queued<unknown>;
  /** The streams its first run wrote: the ones it queues on. */
  written: string[];
  resolve: (result: TransactionResult<unknown>) => void;
  reject: (error: unknown) => void;
}

interface Batch {
  streams: Set<string>;
  members: Member[];
}

/** One combined append holds at most this many transactions; the rest go in the next, at once. */
const MAX_BATCH = 64;

const lines = new WeakMap<EventStore, ReturnType<typeof createLine>>();

/**
 * Queues a transaction on the streams it writes, in this process (issue 28, point 3). With nothing
 * of them in flight it goes at once, alone, as decided. Otherwise it waits with the others that
 * arrive meanwhile, and when the streams are free they all go **as one batch**: the streams they
 * write are read once, each transaction's body decides in turn on what the ones before it decided
 * (sixteen buyers of one book: each take on the stock the earlier takes left), and one `appendMany`
 * writes them all, so the whole batch commits or nothing does, and each transaction with it. A body
 * that refuses (sold out) is left out: its error is its answer once the others committed. This is
 * the append batcher's group commit (eventstore/append-batcher.ts) for decided writes: a hot SKU
 * costs one read and one write per batch instead of per buyer.
 */
export function queueOnStreams<T>(store: EventStore, queued: Queued<T>, runAlone: RunAlone) {
  const line = lines.get(store) ?? createLine(store, runAlone);
  lines.set(store, line);
  return line.join(queued);
}

/**
 * Whether a transaction that will write `streams` would wait in line now (one of them in flight or
 * waiting). Then it joins without deciding first: its batch reads the streams again and decides it
 * anyway, so a first read of its own would be a statement and a round trip for nothing (issue 28,
 * point 3: most of sixteen buyers of a hot SKU arrive while it is in flight).
 */
export function inLine(store: EventStore, streams: readonly string[]): boolean {
  return lines.get(store)?.holds(streams) ?? false;
}

function createLine(store: EventStore, runAlone: RunAlone) {
  const busy = new Set<string>();
  // Batches waiting for their streams, oldest first; no two share a stream (one that would, merges).
  let waiting: Batch[] = [];

  function start(batch: Batch, alone: boolean) {
    for (const id of batch.streams) busy.add(id);
    const member = batch.members[0];
    // Whatever fails unforeseen fails every member still waiting (a settled one ignores it) and frees the streams.
    const done = alone
      ? settle(member, runAlone(member.queued, true))
      : runBatch(store, batch.members, runAlone).catch((error: unknown) => {
          for (const m of batch.members) m.reject(error);
        });
    void done.finally(() => {
      for (const id of batch.streams) busy.delete(id);
      for (const next of [...waiting])
        if (![...next.streams].some((id) => busy.has(id))) {
          waiting = waiting.filter((b) => b !== next);
          start(next, false);
        }
    });
  }

  return {
    holds: (streams: readonly string[]) => streams.some((id) => busy.has(id) || waiting.some((b) => b.streams.has(id))),
    join<T>(queued: Queued<T>): Promise<TransactionResult<T>> {
      return new Promise<TransactionResult<T>>((resolve, reject) => {
        // Undecided, it queues on every stream it names: those it will write are among them.
        const written = queued.first ? [...queued.first.decided.mine.keys()] : [...new Set(queued.prefetch ?? [])];
        const member = { queued, written, resolve, reject } as Member;
        const touching = waiting.filter((b) => written.some((id) => b.streams.has(id)));
        if (touching.length === 0 && !written.some((id) => busy.has(id)))
          return start({ streams: new Set(written), members: [member] }, true);
        // A waiting batch always has a stream in flight: it starts when the batch in flight ends.
        const batch = touching[0] ?? { streams: new Set<string>(), members: [] };
        if (touching.length === 0) waiting.push(batch);
        for (const other of touching.slice(1)) {
          batch.members.push(...other.members);
          for (const id of other.streams) batch.streams.add(id);
        }
        waiting = waiting.filter((b) => !touching.slice(1).includes(b));
        batch.members.push(member);
        for (const id of written) batch.streams.add(id);
      });
    },
  };
}

/** Hands a run's outcome to its member; never rejects, so the line goes on. */
const settle = (member: Member, run: Promise<TransactionResult<unknown>>) => run.then(member.resolve, member.reject);

async function runBatch(store: EventStore, members: Member[], runAlone: RunAlone) {
  // Without appendMany (KurrentDB) a batch could not commit all or nothing: one at a time, as decided again.
  if (!store.appendMany) {
    for (const m of members) await settle(m, runAlone(m.queued, false));
    return;
  }
  for (let i = 0; i < members.length; i += MAX_BATCH)
    await runCombined(store, members.slice(i, i + MAX_BATCH), runAlone);
}

interface Outcome {
  member: Member;
  decided?: Decisions<unknown>;
  /** Per stream it wrote, the version of its last event. */
  versions?: Map<string, number>;
  error?: unknown;
}

/**
 * One batch: its written streams read once, each body decided in arrival order on what the bodies
 * before it left, one append. A conflict on a stream only one of them writes sends that one to run
 * alone afterwards; a conflict on a shared stream decides the whole batch again on fresh reads, each
 * transaction's policy counting it as one of its tries.
 */
async function runCombined(store: EventStore, members: Member[], runAlone: RunAlone) {
  let live = members;
  const alone: Member[] = [];
  for (let attempt = 1; live.length > 0; attempt++) {
    // What the members write, others wrote while they waited: read again. What they only read is
    // taken as their first run read it (a read does not hold a version; an append would).
    const seen = new Map<string, Seen>();
    const fresh = [
      ...new Set(
        live.flatMap((m) => (attempt === 1 || !m.queued.first ? m.written : [...m.queued.first.reads.keys()])),
      ),
    ];
    const recorded = await Promise.all(fresh.map((id) => store.readStream(id))).catch((error: unknown) => error);
    if (!Array.isArray(recorded)) {
      for (const m of live) m.reject(recorded);
      break;
    }
    for (const [i, id] of fresh.entries())
      seen.set(id, { recorded: recorded[i], version: versionOf(recorded[i]), events: [] });
    const outcomes: Outcome[] = [];
    for (const member of live) {
      const { body, metadata, first } = member.queued;
      try {
        const decided = await decideIn(store, body, seen, { attempt, metadata, reads: first?.reads });
        outcomes.push({ member, decided, versions: keep(seen, decided.mine) });
      } catch (error) {
        outcomes.push({ member, error });
      }
    }
    const writes = writesOf(seen);
    let results: AppendResult[] = [];
    try {
      if (writes.length) results = await store.appendMany!(writes);
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) {
        for (const m of live) m.reject(error);
        break;
      }
      const writers = outcomes.filter((o) => o.decided?.mine.has(error.streamId)).map((o) => o.member);
      if (writers.length === 1 && live.length > 1) {
        alone.push(writers[0]);
        live = live.filter((m) => m !== writers[0]);
        continue;
      }
      for (const m of live) if (givesUp(m.queued.retry, attempt)) m.reject(error);
      live = live.filter((m) => !givesUp(m.queued.retry, attempt));
      await pause(live[0]?.queued.retry, attempt);
      continue;
    }
    const appended = new Map(writes.map((w, i) => [w.streamId, results[i]]));
    for (const { member, decided, versions, error } of outcomes) {
      if (!decided) {
        member.reject(error);
        continue;
      }
      // The append's position is its last event's, which may be a later member's: as a point to
      // wait for (read your writes) it is as good, since the batch commits as one transaction.
      const mine = new Map(
        [...versions!].map(([id, version]) => [
          id,
          { position: appended.get(id)!.position, nextExpectedVersion: version },
        ]),
      );
      const last =
        [...mine.values()]
          .map((a) => a.position)
          .reduce<LogPosition | null>((a, b) => (a && comparePositions(a, b) >= 0 ? a : b), null) ?? null;
      member.resolve({ result: decided.result, appended: mine, last });
    }
    break;
  }
  for (const m of alone) await settle(m, runAlone(m.queued, false));
}
