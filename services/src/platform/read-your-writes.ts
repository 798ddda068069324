import { NOT_VISIBLE_YET, type LogPosition } from "@shop/shared";
import { DomainError } from "./domain-error.ts";
import type { Logger } from "./logger.ts";

export type WaitForProjections = (position: LogPosition, names: string[]) => Promise<boolean>;

/**
 * The write is in the log but the read models behind its answer did not show it in time. Not a
 * failure to retry (a retry would write it twice) and not a success whose read would miss it: 503.
 */
export class NotVisibleYetError extends DomainError {
  constructor() {
    super("NOT_VISIBLE_YET", NOT_VISIBLE_YET, 503);
  }
}

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
