import type { AppendResult, EventStore, StreamWrite } from "@shop/shared";

/**
 * Appends `writes` with the store's `appendMany` (one transaction, all or nothing), or stream by
 * stream where the store has none (KurrentDB): there a failed expected version stops the run with
 * the earlier writes kept, which a caller that re-reads before deciding (the catalog import) survives.
 */
export async function appendWrites(store: EventStore, writes: StreamWrite[]): Promise<AppendResult[]> {
  if (store.appendMany) return store.appendMany(writes);
  const results: AppendResult[] = [];
  for (const w of writes)
    results.push(await store.append(w.streamId, w.events, { expectedVersion: w.expectedVersion }));
  return results;
}
