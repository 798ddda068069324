import { sql, type Selectable } from "kysely";
import { isEventOf, type RecordedEvent, scheduledActionEvents } from "@shop/shared";
import type { Projection } from "../runner/projection.ts";
import { upsertRows } from "../runner/row-projector.ts";
import type { ScheduledActionsTable } from "./scheduled-actions-tables.ts";

export const scheduledActionsProjection: Projection = {
  name: "scheduled-actions",
  version: 1,
  tables: ["scheduled_actions"],
  handles: [
    "ScheduledActionScheduled",
    "ScheduledActionRescheduled",
    "ScheduledActionCancelled",
    "ScheduledActionRan",
    "ScheduledActionFailed",
  ],
  async migrate(db) {
    await sql`CREATE TABLE IF NOT EXISTS scheduled_actions (
      id integer PRIMARY KEY,
      object_id integer NOT NULL,
      content_type integer NOT NULL,
      action text NOT NULL,
      action_time timestamptz NOT NULL,
      user_id text NULL,
      alert_user boolean NOT NULL,
      status text NOT NULL,
      result text NULL,
      version integer NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
    // The sweeper's question every second: which pending actions are due?
    await sql`CREATE INDEX IF NOT EXISTS scheduled_actions_due ON scheduled_actions (action_time) WHERE status = 'pending'`.execute(
      db,
    );
    await sql`CREATE INDEX IF NOT EXISTS scheduled_actions_object ON scheduled_actions (object_id)`.execute(db);
  },
  async apply(trx, recorded) {
    const change = actionChangeOf(recorded);
    if (!change) return;
    if (change.kind === "scheduled")
      await trx
        .insertInto("scheduled_actions")
        .values(change.row)
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    else await trx.updateTable("scheduled_actions").set(change.set).where("id", "=", change.id).execute();
  },
  /**
   * The actions a batch names read at once (times as text, so they are written back exactly), its
   * events folded onto them in memory (a change of an action not there changes nothing), one upsert.
   */
  async applyBatch(trx, events) {
    const changes = events.flatMap((e) => actionChangeOf(e) ?? []);
    const ids = [...new Set(changes.map((c) => c.id))];
    const { rows: found } = await sql<ActionRow>`SELECT id, object_id, content_type, action,
      action_time::text AS action_time, user_id, alert_user, status, result, version,
      created_at::text AS created_at, updated_at::text AS updated_at
      FROM scheduled_actions WHERE id = ANY(${ids}::int[])`.execute(trx);
    const rows = new Map(found.map((row) => [row.id, row]));
    const changed = new Set<number>();
    for (const change of changes) {
      const row = rows.get(change.id);
      if (change.kind === "scheduled") {
        if (row) continue;
        rows.set(change.id, { ...change.row });
      } else if (row) Object.assign(row, change.set);
      else continue;
      changed.add(change.id);
    }
    await upsertRows(
      trx,
      "scheduled_actions",
      ["id"],
      [...changed].map((id) => rows.get(id)!),
    );
  },
};

type ActionRow = Selectable<ScheduledActionsTable>;
type ActionChange =
  | { kind: "scheduled"; id: number; row: ActionRow }
  | { kind: "changed"; id: number; set: Partial<ActionRow> };

/** What an event does to its action's row: inserts it (when not there yet) or changes it (when there). */
function actionChangeOf(recorded: RecordedEvent): ActionChange | null {
  if (!isEventOf(scheduledActionEvents, recorded)) return null; // only the types in `handles` reach here
  const event = recorded;
  const d = event.data;
  const snapshot = {
    object_id: d.objectId,
    content_type: d.contentType,
    action: d.action,
    action_time: d.actionTime,
    user_id: d.userId,
    alert_user: d.alertUser,
    version: recorded.streamPosition,
  };
  const changed = (set: Partial<ActionRow>): ActionChange => ({ kind: "changed", id: d.id, set });
  switch (event.type) {
    case "ScheduledActionScheduled": {
      const at = event.data.scheduledAt;
      const row = { id: d.id, ...snapshot, status: "pending", result: null, created_at: at, updated_at: at };
      return { kind: "scheduled", id: d.id, row };
    }
    case "ScheduledActionRescheduled":
      return changed({ ...snapshot, status: "pending", result: null, updated_at: event.data.updatedAt });
    case "ScheduledActionCancelled":
      return changed({ ...snapshot, status: "cancelled", updated_at: event.data.cancelledAt });
    case "ScheduledActionRan":
      return changed({ ...snapshot, status: "done", result: event.data.result.status, updated_at: event.data.ranAt });
    case "ScheduledActionFailed":
      return changed({ ...snapshot, status: "failed", result: event.data.reason, updated_at: event.data.failedAt });
    case "ScheduledActionStarted":
      // Not handled: the row stays pending until the run is recorded, so a runner that died is retried.
      return null;
    default: {
      // Only the types in `handles` reach here; an unknown one changes nothing.
      event satisfies never;
      return null;
    }
  }
}
