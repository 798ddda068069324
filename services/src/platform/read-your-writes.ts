import { type LogPosition, NotVisibleYetError } from "@shop/shared";
import type { Logger } from "./logger.ts";

export type WaitForProjections = (position: LogPosition, names: string[]) => Promise<boolean>;

/**
 * Read-your-writes for the routers: resolves once the named read models have applied `position`,
 * and throws NotVisibleYetError when they have not within the runner's bound (5 s) or the wait
 * itself failed. Every router gets its waits through this, so none can ignore a timeout.
 */
export function visibleOrNotYet(waitFor: WaitForProjections, log: Logger): WaitForProjections {
  return async (position, names) => {
    let reached = false;
    try {
      reached = await waitFor(position, names);
    } catch (error) {
      log.error({ err: error, names }, "waiting for the read models failed after a committed write");
    }
    if (!reached) {
      log.warn(
        { names, position: `${position.major}/${position.minor}` },
        "read models did not catch up in time: answering 503 to a saved write",
      );
      throw new NotVisibleYetError();
    }
    return true;
  };
}
