import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { StaffPresence } from "../live/live-gateway.ts";
import type { Logger } from "../platform/logger.ts";
import { underStartupMigrationLock } from "../platform/startup-migration.ts";
import type { Database } from "@shop/projections";

/**
 * staff_presence(user_id, process_id, last_seen): which staff users have an admin socket open, per
 * server process. This is infrastructure state shared between processes (like the leader lock),
 * not a read model: it is not derived from events, a replay does not touch it, and losing it only
 * delays lock expiry. Each process heart-beats its connected users; a process that dies simply
 * stops, and its rows grow old. Created by `startStaffPresence` itself, under the start-up lock.
 */
export async function migrateStaffPresence(db: Kysely<Database>): Promise<void> {
  await underStartupMigrationLock(db, async (trx) => {
    await sql`CREATE TABLE IF NOT EXISTS staff_presence (
      user_id text NOT NULL,
      process_id text NOT NULL,
      last_seen timestamptz NOT NULL,
      PRIMARY KEY (user_id, process_id)
    )`.execute(trx);
  });
}

export interface StaffPresenceTracker extends StaffPresence {
  readonly processId: string;
  /** Users with at least one admin socket on this process. */
  connectedUsers(): string[];
  /** Writes every connected user's row now (the heartbeat does it on its own; tests call it). */
  beat(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Counts each user's admin sockets on this process (the live gateway's presence hook) and keeps
 * their staff_presence rows fresh. When a user's last socket goes, their row keeps the moment they
 * left: the expiry clock runs from there, so a reload or a short network drop keeps their locks.
 */
export async function startStaffPresence(deps: {
  db: Kysely<Database>;
  clock: () => Date;
  log: Logger;
  heartbeatEveryMs: number;
}): Promise<StaffPresenceTracker> {
  await migrateStaffPresence(deps.db);
  const processId = randomUUID();
  const sockets = new Map<string, Set<string>>();
  let writes = Promise.resolve();

  // Writes run one after another so a 'left at' never lands before the 'here' it follows.
  const record = (userIds: string[]) => {
    if (userIds.length === 0) return writes;
    const seenAt = deps.clock().toISOString();
    writes = writes.then(() =>
      deps.db
        .insertInto("staff_presence")
        .values(userIds.map((user_id) => ({ user_id, process_id: processId, last_seen: seenAt })))
        .onConflict((oc) => oc.columns(["user_id", "process_id"]).doUpdateSet({ last_seen: seenAt }))
        .execute()
        .then(
          () => {},
          (err) => deps.log.warn({ err }, "staff presence not recorded"),
        ),
    );
    return writes;
  };

  const timer = setInterval(() => void record([...sockets.keys()]), deps.heartbeatEveryMs);
  timer.unref();

  return {
    processId,
    connected(user, socketId) {
      const set = sockets.get(user.id) ?? new Set();
      set.add(socketId);
      sockets.set(user.id, set);
      void record([user.id]);
    },
    disconnected(user, socketId) {
      const set = sockets.get(user.id);
      if (!set) return;
      set.delete(socketId);
      if (set.size > 0) return;
      sockets.delete(user.id);
      void record([user.id]);
    },
    connectedUsers: () => [...sockets.keys()],
    beat: () => record([...sockets.keys()]),
    async stop() {
      clearInterval(timer);
      await writes;
    },
  };
}
