/** projection_checkpoints: where each read model is in the log (numeric and bigint come back as text or number). */
export interface ProjectionCheckpointsTable {
  name: string;
  version: number;
  position_major: string | number;
  position_minor: string | number;
  events_applied: string | number;
  updated_at: Date | string;
  failure: unknown;
}

export interface CheckpointTables {
  projection_checkpoints: ProjectionCheckpointsTable;
}
