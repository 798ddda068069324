import type { Logger } from "./logger.ts";

export interface Sweeper {
  /** One sweep now (tests); resolves when it is done. */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A background loop of the projection leader (its advisory lock makes it one process across the
 * cluster): every `intervalMs` it takes the items that are due and handles them one after another.
 * Sweeps never overlap; an item that fails is logged and tried again at the next sweep; `stop()`
 * waits for the sweep under way.
 */
export function startLeaderSweeper<Item>(options: {
  /** Names the work in log lines: "mail send", "scheduled action run". */
  what: string;
  isLeader: () => boolean;
  log: Pick<Logger, "error">;
  intervalMs?: number;
  due: () => Promise<Item[]>;
  handle: (item: Item) => Promise<unknown>;
  /** The item's fields for a log line: `{ mail: 12 }`. */
  describe: (item: Item) => Record<string, unknown>;
}): Sweeper {
  const intervalMs = options.intervalMs ?? 1000;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  async function sweepOnce(): Promise<void> {
    if (!options.isLeader()) return;
    for (const item of await options.due()) {
      if (stopped) return;
      await options
        .handle(item)
        .catch((err) =>
          options.log.error({ err, ...options.describe(item) }, `${options.what} failed; retrying next sweep`),
        );
    }
  }

  const sweep = () => {
    running = running.then(() =>
      sweepOnce().catch((err) => options.log.error({ err }, `${options.what} sweep failed`)),
    );
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
