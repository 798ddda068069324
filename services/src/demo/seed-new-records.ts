import type { Kysely } from "kysely";
import type { EventStore, NewEvent } from "@shop/shared";
import type { Database } from "@shop/projections";
import { allocateId } from "../platform/id-allocator.ts";

/**
 * Demo records that each open a stream of their own (radio stations, newsletter lists): an id from
 * the record kind's counter, then the record's first event on a new stream.
 */
export async function seedNewRecords<Row>(
  store: EventStore,
  db: Kysely<Database>,
  kind: string,
  rows: readonly Row[],
  firstEvent: (id: number, row: Row) => { stream: string; event: NewEvent },
): Promise<void> {
  for (const row of rows) {
    const { stream, event } = firstEvent(await allocateId(db, kind), row);
    await store.append(stream, [event], { expectedVersion: "no-stream" });
  }
}
