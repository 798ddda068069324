/** scheduled_actions: one row per scheduled CMS action, for the admin's list and the due-action sweeper. */
export interface ScheduledActionsTable {
  id: number;
  object_id: number;
  content_type: number;
  action: string;
  action_time: Date | string;
  user_id: string | null;
  alert_user: boolean;
  /** pending | done | failed | cancelled */
  status: string;
  /** 'Live', 'Archive'... after a run, or the reason of a failure. */
  result: string | null;
  /** The stream's last position. */
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The tables of this read model, as the app's one `Database` type lists them. */
export interface ScheduledActionsTables {
  scheduled_actions: ScheduledActionsTable;
}
