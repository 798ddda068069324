import type { Kysely, Transaction } from "kysely";
import type { RecordedEvent } from "@shop/shared";
import type { Database } from "../database.ts";

/** What the runner knows about a batch beside its events. */
export interface BatchContext {
  /**
   * Set in a catch-up far behind the log head (FAR_BEHIND events or more still follow this batch):
   * about how many events follow it. A projector may then put off work it can do once at the end
   * for less (`finishCatchUp`), as long as each batch still leaves the rows `apply` would and
   * readers keep getting right answers.
   */
  behind?: number;
}

/**
 * One read model: its tables, how to create and drop them, and how each event changes them.
 * `apply` runs inside the transaction that also moves the projection's checkpoint.
 */
export interface Projection {
  name: string;
  /** Bump when the tables or the logic change: a stored checkpoint of another version triggers a rebuild. */
  version: number;
  /** Tables owned by this projection, in creation order (compared row for row by rebuild tests). */
  tables: string[];
  /** Event types this projection reads; others only move its checkpoint. */
  handles: readonly string[];
  /**
   * Optional: B-tree indexes (by name) that only readers use: no statement of `apply` or `applyBatch`
   * reads through them, and they enforce nothing. A rebuild drops them from its new tables with the
   * GIN and GiST indexes and builds them once over the finished rows, before the swap: one sort
   * instead of an entry written at a random leaf page per row.
   */
  readIndexes?: readonly string[];
  /** Creates the tables if they do not exist. */
  migrate(db: Kysely<Database>): Promise<void>;
  apply(trx: Transaction<Database>, event: RecordedEvent): Promise<void>;
  /**
   * Optional: several handled events at once (in log order), leaving exactly the rows `apply` one by
   * one would, in fewer statements. When it throws, its writes are rolled back to a savepoint and
   * the events go through `apply` one by one, so a failure still names its event.
   */
  applyBatch?(trx: Transaction<Database>, events: RecordedEvent[], context?: BatchContext): Promise<void>;
  /**
   * Optional, with `applyBatch`: run once a catch-up whose batches came with `behind` is over (the
   * runner got a short batch; also after it starts projecting), outside any batch's transaction.
   * What a far-behind batch put off (the catalog's rank index) is done here, once. It must change no
   * row an event would: a crash before it runs leaves a read model that answers right without it.
   */
  finishCatchUp?(db: Kysely<Database>): Promise<void>;
  /**
   * For a read model built from other read models' rows (content-pages renders from content_nodes): run
   * when a rebuild swaps its new tables in, after the read models listed before it, so what it derived
   * from their rows while they were being rebuilt too is derived again from their finished rows.
   */
  finishRebuild?(trx: Transaction<Database>): Promise<void>;
  /**
   * Optional, with finishRebuild: what a rebuild runs instead of `apply`, leaving out the work
   * finishRebuild does again anyway (content-pages renders every page there, so not per event).
   */
  applyInRebuild?(trx: Transaction<Database>, event: RecordedEvent): Promise<void>;
}
