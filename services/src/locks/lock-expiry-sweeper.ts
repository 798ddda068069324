import { sql, type Kysely } from "kysely";
import type { EventStore } from "@shop/shared";
import type { Logger } from "../platform/logger.ts";
import { runLockCommand } from "./lock-commands.ts";
import type { LockTimings } from "./lock-timings.ts";
import type { Database } from "@shop/projections";

export interface LockExpirySweeper {
  /** One pass now; resolves to how many locks it expired (tests). */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Releases automatic locks whose holder's browser went away: no admin socket on any process for
 * `expireAfterMs` (no staff_presence row that fresh) and a lock at least that old. Runs only in the
 * projection leader, so one process expires; should two overlap during a hand-over, the decider
 * expires a given lock once (the second finds it gone).
 */
export function startLockExpirySweeper(deps: {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
  log: Logger;
  timings: LockTimings;
  isLeader: () => boolean;
}): LockExpirySweeper {
  let running: Promise<number> | null = null;
  let stopped = false;

  async function sweepOnce(): Promise<number> {
    const now = deps.clock();
    const cutoff = new Date(now.getTime() - deps.timings.expireAfterMs);
    const { rows } = await sql<{ app: string; model: string; id: number; user_id: string; taken_at: Date | string }>`
      SELECT l.app, l.model, l.id, l.user_id, l.taken_at FROM record_locks l
      WHERE l.auto_created AND l.taken_at < ${cutoff.toISOString()}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM staff_presence p WHERE p.user_id = l.user_id AND p.last_seen >= ${cutoff.toISOString()}::timestamptz)
      ORDER BY l.taken_at LIMIT 500`.execute(deps.db);
    let expired = 0;
    for (const row of rows) {
      if (stopped) break;
      const result = await runLockCommand(
        deps.store,
        {
          type: "ExpireLock",
          data: {
            app: row.app,
            model: row.model,
            id: row.id,
            holderId: row.user_id,
            takenAt: new Date(row.taken_at).toISOString(),
            now: deps.clock(),
          },
        },
        { userId: null, correlationId: "lock-expiry" },
      );
      if (result.appended) expired++;
    }
    // Rows of processes long gone are no longer needed to decide anything.
    await sql`DELETE FROM staff_presence WHERE last_seen < ${new Date(now.getTime() - 24 * 3600_000).toISOString()}::timestamptz`.execute(
      deps.db,
    );
    if (expired) deps.log.info({ expired }, "expired automatic locks of absent editors");
    return expired;
  }

  const sweep = () => {
    running ??= sweepOnce().finally(() => (running = null));
    return running;
  };

  const timer = setInterval(() => {
    if (stopped || !deps.isLeader() || running) return;
    sweep().catch((err) => deps.log.warn({ err }, "lock expiry sweep failed; next pass retries"));
  }, deps.timings.sweepEveryMs);
  timer.unref();

  return {
    sweep,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
