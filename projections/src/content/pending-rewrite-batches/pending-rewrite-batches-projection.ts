import { sql } from "kysely";
import type { PendingRewriteBatchData } from "@shop/shared";
import type { Projection } from "../../runner/projection.ts";

/** pending_rewrite_batches: old menu urls that must be redirected to their new ones. */
export interface PendingRewriteBatchesTable {
  id: number;
  node_id: number;
  old_url: string;
  new_url: string;
  created_at: Date | string;
  created_by: string | null;
}

/** The tables of this read model, as the app's one `Database` type lists them. */
export interface PendingRewriteBatchesTables {
  pending_rewrite_batches: PendingRewriteBatchesTable;
}

export const pendingRewriteBatchesProjection: Projection = {
  name: "pending-rewrite-batches",
  version: 1,
  tables: ["pending_rewrite_batches"],
  handles: ["PendingRewriteBatchRecorded"],
  async migrate(db) {
    await sql`CREATE TABLE IF NOT EXISTS pending_rewrite_batches (
      id integer PRIMARY KEY,
      node_id integer NOT NULL,
      old_url text NOT NULL,
      new_url text NOT NULL,
      created_at timestamptz NOT NULL,
      created_by text NULL
    )`.execute(db);
  },
  async apply(trx, recorded) {
    const d = recorded.data as PendingRewriteBatchData;
    await trx
      .insertInto("pending_rewrite_batches")
      .values({
        id: d.batchId,
        node_id: d.nodeId,
        old_url: d.oldUrl,
        new_url: d.newUrl,
        created_at: d.recordedAt,
        created_by: d.by?.id ?? null,
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
  },
};
