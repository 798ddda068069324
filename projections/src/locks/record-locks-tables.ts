/** record_locks: who holds which record now; a row exists only while the record is locked. */
export interface RecordLocksTable {
  app: string;
  model: string;
  id: number;
  user_id: string;
  user_name: string;
  reason: number;
  comment: string;
  auto_created: boolean;
  taken_at: Date | string;
}

/** The tables of this read model, as the app's one `Database` type lists them. */
export interface RecordLocksTables {
  record_locks: RecordLocksTable;
}
