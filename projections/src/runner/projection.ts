import type { Kysely, Transaction } from "kysely";
import type { RecordedEvent } from "@shop/shared";
import type { Database } from "../database.ts";

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
  /** Creates the tables if they do not exist. */
  migrate(db: Kysely<Database>): Promise<void>;
  apply(trx: Transaction<Database>, event: RecordedEvent): Promise<void>;
}
