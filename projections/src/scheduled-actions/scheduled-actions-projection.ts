import { sql } from "kysely";
import { isEventOf, scheduledActionEvents } from "@shop/shared";
import type { Projection } from "../runner/projection.ts";

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
    if (!isEventOf(scheduledActionEvents, recorded)) return; // only the types in `handles` reach here
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
    const update = (values: Record<string, unknown>) =>
      trx.updateTable("scheduled_actions").set(values).where("id", "=", d.id).execute();
    switch (event.type) {
      case "ScheduledActionScheduled":
        await trx
          .insertInto("scheduled_actions")
          .values({
            id: d.id,
            ...snapshot,
            status: "pending",
            result: null,
            created_at: event.data.scheduledAt,
            updated_at: event.data.scheduledAt,
          })
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
        return;
      case "ScheduledActionRescheduled":
        return void (await update({ ...snapshot, status: "pending", result: null, updated_at: event.data.updatedAt }));
      case "ScheduledActionCancelled":
        return void (await update({ ...snapshot, status: "cancelled", updated_at: event.data.cancelledAt }));
      case "ScheduledActionRan":
        return void (await update({
          ...snapshot,
          status: "done",
          result: event.data.result.status,
          updated_at: event.data.ranAt,
        }));
      case "ScheduledActionFailed":
        return void (await update({
          ...snapshot,
          status: "failed",
          result: event.data.reason,
          updated_at: event.data.failedAt,
        }));
      case "ScheduledActionStarted":
        // Not handled: the row stays pending until the run is recorded, so a runner that died is retried.
        return;
      default: {
        // Only the types in `handles` reach here; an unknown one changes nothing.
        event satisfies never;
        return;
      }
    }
  },
};
