import {
  comparePositions,
  WrongExpectedVersionError,
  type EventMetadata,
  type EventStore,
  type RecordedEvent,
} from "@shop/shared";
import { appendWrites } from "../eventstore/append-writes.ts";
import type { RetryPolicy } from "./command-handler.ts";
import { inLine, queueOnStreams, type Queued } from "./hot-stream-line.ts";
import {
  decideIn,
  givesUp,
  keep,
  pause,
  writesOf,
  type Seen,
  type StreamTransaction,
  type TransactionResult,
} from "./stream-decisions.ts";

export type { StreamTransaction, TransactionResult } from "./stream-decisions.ts";

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
   * This process's transactions that write the same streams (a SKU sixteen buyers race for) queue
   * instead of colliding at the database and retrying, each retry a read and a write more; those
   * queued together are decided in turn and appended as one batch (hot-stream-line.ts). Streams only
   * read (an untracked download's SKU) queue nobody. Other processes still meet them through the
   * expected versions. `reads` names streams the body will read: they are read at once, together,
   * before it runs (a hint: a stream not named is read when the body comes to it).
   */
  options: {
    queue?: boolean;
    reads?: readonly string[];
    /**
     * With `queue`: reads of some `reads` streams the caller began before (while it waited on something
     * else), used by the first decision only. A stream written since fails its expected version, and the
     * body decides again on fresh reads, as after any conflict.
     */
    readAhead?: ReadonlyMap<string, Promise<RecordedEvent[]>>;
  } = {},
): Promise<TransactionResult<T>> {
  const prefetch = options.reads;
  if (!options.queue) return runAlone({ store, retry, metadata, body, prefetch });
  // Its streams in line already (and no reads begun to use): it is decided in its batch only.
  if (prefetch?.length && !options.readAhead?.size && inLine(store, prefetch))
    return queueOnStreams(store, { retry, metadata, body, prefetch }, (queued) => runAlone({ store, ...queued }));
  const seen = new Map<string, Seen>();
  const decided = await decideIn(store, body, seen, { attempt: 1, metadata, prefetch, begun: options.readAhead });
  const reads = new Map([...seen].map(([id, s]) => [id, s.recorded]));
  keep(seen, decided.mine);
  if (decided.mine.size === 0) return { result: decided.result, appended: new Map(), last: null };
  return queueOnStreams(
    store,
    { retry, metadata, body, prefetch, first: { seen, decided, reads } },
    (queued, useFirst) => runAlone({ store, ...queued, first: useFirst ? queued.first : undefined }),
  );
}

/** Decides and appends, again on fresh reads after a conflict, as the policy says. */
async function runAlone<T>(
  run: Omit<Queued<T>, "first"> & { store: EventStore; first?: Queued<T>["first"] },
): Promise<TransactionResult<T>> {
  const { store, retry, metadata, body, prefetch } = run;
  for (let attempt = 1; ; attempt++) {
    let seen = run.first?.seen;
    let result = run.first?.decided.result;
    if (attempt > 1 || !seen) {
      seen = new Map<string, Seen>();
      const decided = await decideIn(store, body, seen, { attempt, metadata, prefetch });
      keep(seen, decided.mine);
      result = decided.result;
    }
    const writes = writesOf(seen);
    if (writes.length === 0) return { result: result as T, appended: new Map(), last: null };
    try {
      const results = await appendWrites(store, writes);
      const appended = new Map(writes.map((w, i) => [w.streamId, results[i]]));
      const last = results.map((r) => r.position).reduce((a, b) => (comparePositions(a, b) >= 0 ? a : b));
      return { result: result as T, appended, last };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || givesUp(retry, attempt)) throw error;
      await pause(retry, attempt);
    }
  }
}
