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
