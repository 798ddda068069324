import { findDueScheduledActions } from "@shop/projections";
import { startLeaderSweeper, type Sweeper } from "../platform/leader-sweeper.ts";
import { runDueScheduledAction, type ScheduledActionRunnerDeps } from "./scheduled-action-runner.ts";

export interface ScheduledActionSweeperDeps extends ScheduledActionRunnerDeps {
  /** Only the projection leader sweeps: its advisory lock makes it one process across the cluster. */
  isLeader: () => boolean;
  intervalMs?: number;
}

export type ScheduledActionSweeper = Sweeper;

/**
 * The server's own scheduler (no cron): every second the leader runs the pending actions whose
 * time has come, one after another. Sweeps never overlap, and each run is recorded with the
 * action stream's expected version, so an action runs once even if two processes sweep.
 */
export function startScheduledActionSweeper(deps: ScheduledActionSweeperDeps): ScheduledActionSweeper {
  return startLeaderSweeper({
    what: "scheduled action run",
    isLeader: deps.isLeader,
    log: deps.log,
    intervalMs: deps.intervalMs,
    due: () => findDueScheduledActions(deps.db, deps.clock()),
    handle: ({ id }) => runDueScheduledAction(deps, id),
    describe: ({ id }) => ({ scheduledAction: id }),
  });
}
