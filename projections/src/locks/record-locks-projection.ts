import { sql } from "kysely";
import { isEventOf, lockEvents } from "@shop/shared";
import type { Projection } from "../runner/projection.ts";
import { upsertRow } from "../runner/row-projector.ts";

export const recordLocksProjection: Projection = {
  name: "record_locks",
  version: 1,
  tables: ["record_locks"],
  handles: ["LockTaken", "LockReleased", "LockKickedOff", "LockExpired"],
  async migrate(db) {
    await sql`CREATE TABLE IF NOT EXISTS record_locks (
      app text NOT NULL,
      model text NOT NULL,
      id integer NOT NULL,
      user_id text NOT NULL,
      user_name text NOT NULL,
      reason integer NOT NULL,
      comment text NOT NULL,
      auto_created boolean NOT NULL,
      taken_at timestamptz NOT NULL,
      PRIMARY KEY (app, model, id)
    )`.execute(db);
    // The expiry sweeper looks for automatic locks by holder.
    await sql`CREATE INDEX IF NOT EXISTS record_locks_auto_user ON record_locks (user_id) WHERE auto_created`.execute(
      db,
    );
  },
  async apply(trx, recorded) {
    if (!isEventOf(lockEvents, recorded)) return; // only the types in `handles` reach here
    const event = recorded;
    const { app, model, id } = event.data;
    switch (event.type) {
      case "LockTaken": {
        const d = event.data;
        await upsertRow(trx, "record_locks", ["app", "model", "id"], {
          app,
          model,
          id,
          user_id: d.user.id,
          user_name: d.user.name,
          reason: d.reason,
          comment: d.comment,
          auto_created: d.autoCreated,
          taken_at: d.takenAt,
        });
        return;
      }
      case "LockReleased":
      case "LockKickedOff":
      case "LockExpired":
        await trx
          .deleteFrom("record_locks")
          .where("app", "=", app)
          .where("model", "=", model)
          .where("id", "=", id)
          .execute();
        return;
    }
  },
};
