import { findDueScheduledActions } from "@shop/projections";
import { runDueScheduledAction, type ScheduledActionRunnerDeps } from "./scheduled-action-runner.ts";

export interface ScheduledActionSweeperDeps extends ScheduledActionRunnerDeps {
  /** Only the projection leader sweeps: its advisory lock makes it one process across the cluster. */
  isLeader: () => boolean;
  intervalMs?: number;
}

export interface ScheduledActionSweeper {
  /** One sweep now (tests); resolves when it is done. */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The server's own scheduler (no cron): every second the leader runs the pending actions whose
 * time has come, one after another. Sweeps never overlap, and each run is recorded with the
 * action stream's expected version, so an action runs once even if two processes sweep.
 */
export function startScheduledActionSweeper(deps: ScheduledActionSweeperDeps): ScheduledActionSweeper {
  const intervalMs = deps.intervalMs ?? 1000;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  async function sweepOnce(): Promise<void> {
    if (!deps.isLeader()) return;
    const due = await findDueScheduledActions(deps.db, deps.clock());
    for (const { id } of due) {
      if (stopped) return;
      await runDueScheduledAction(deps, id).catch((err) =>
        deps.log.error({ err, scheduledAction: id }, "scheduled action run failed; retrying next sweep"),
      );
    }
  }

  const sweep = () => {
    running = running.then(() => sweepOnce().catch((err) => deps.log.error({ err }, "scheduled action sweep failed")));
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void sweep().finally(schedule), intervalMs);
    timer.unref?.();
  };
  schedule();

  return {
    sweep,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
