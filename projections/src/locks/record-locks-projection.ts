import { sql, type Insertable, type Transaction } from "kysely";
import { isEventOf, lockEvents, type RecordedEvent } from "@shop/shared";
import type { Database } from "../database.ts";
import type { Projection } from "../runner/projection.ts";
import { upsertRow, upsertRows } from "../runner/row-projector.ts";
import type { RecordLocksTable } from "./record-locks-tables.ts";

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
    const change = lockChangeOf(recorded);
    if (!change) return;
    if (change.row) await upsertRow(trx, "record_locks", KEY, change.row);
    else await deleteLocks(trx, [change.key]);
  },
  /**
   * A lock taken carries the whole row and the other events remove it, so each lock's last event is
   * what a batch leaves: one DELETE of the locks whose last event removes them, one upsert of the rest.
   */
  async applyBatch(trx, events) {
    const last = new Map<string, LockChange>();
    for (const event of events) {
      const change = lockChangeOf(event);
      if (change) last.set(JSON.stringify(change.key), change);
    }
    const changes = [...last.values()];
    await deleteLocks(
      trx,
      changes.flatMap((c) => (c.row ? [] : [c.key])),
    );
    await upsertRows(
      trx,
      "record_locks",
      KEY,
      changes.flatMap((c) => (c.row ? [c.row] : [])),
    );
  },
};

const KEY = ["app", "model", "id"] as const;
type LockKey = { app: string; model: string; id: number };
type LockChange = { key: LockKey; row: Insertable<RecordLocksTable> | null };

function lockChangeOf(recorded: RecordedEvent): LockChange | null {
  if (!isEventOf(lockEvents, recorded)) return null; // only the types in `handles` reach here
  const event = recorded;
  const { app, model, id } = event.data;
  if (event.type !== "LockTaken") return { key: { app, model, id }, row: null };
  const d = event.data;
  const row = {
    app,
    model,
    id,
    user_id: d.user.id,
    user_name: d.user.name,
    reason: d.reason,
    comment: d.comment,
    auto_created: d.autoCreated,
    taken_at: d.takenAt,
  };
  return { key: { app, model, id }, row };
}

async function deleteLocks(trx: Transaction<Database>, keys: LockKey[]): Promise<void> {
  if (keys.length === 0) return;
  await sql`DELETE FROM record_locks WHERE (app, model, id) IN (SELECT * FROM unnest(
    ${keys.map((k) => k.app)}::text[], ${keys.map((k) => k.model)}::text[], ${keys.map((k) => k.id)}::int[]))`.execute(
    trx,
  );
}
