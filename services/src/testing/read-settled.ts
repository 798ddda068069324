import { comparePositions, START, type EventStore, type LogPosition, type RecordedEvent } from "@shop/shared";

/**
 * The log from `from`, once it has settled up to its head. readAll reads only transactions older than
 * every one open on the server (commit order), and on a shared PostgreSQL other test files'
 * transactions hold the newest events back for a moment.
 */
export async function readAllSettled(
  store: EventStore,
  from: LogPosition = START,
  options: { limit?: number } = {},
): Promise<RecordedEvent[]> {
  const head = await store.head();
  for (let waited = 0; comparePositions(await store.settledHead(), head) < 0 && waited < 10_000; waited += 20)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return store.readAll(from, options);
}
