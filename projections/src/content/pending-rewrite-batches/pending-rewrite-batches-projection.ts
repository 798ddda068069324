import { sql } from "kysely";
import type { PendingRewriteBatchData } from "@shop/shared";
import type { Projection } from "../../runner/projection.ts";

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
