import type { LogPosition, RecordedEvent, SubscribeOptions, Subscription } from "@shop/shared";

export interface PollingSource {
  readAll(from: LogPosition, options: { limit?: number }): Promise<RecordedEvent[]>;
  /** True when committed events past `from` exist that readAll cannot return yet. */
  hasUnsettled(from: LogPosition): Promise<boolean>;
  listen(onWake: () => void): Promise<() => Promise<void>>;
}

/** Slow fallback for a lost NOTIFY; a fast one while an older writer holds back settled events. */
const IDLE_POLL_MS = 1000;
const UNSETTLED_POLL_MS = 5;

/**
 * Catch-up then live: reads batches from `from` until the log is drained, then sleeps until a
 * NOTIFY or the idle poll wakes it. Events are delivered in order, each exactly once.
 */
export function subscribeByPolling(source: PollingSource, options: SubscribeOptions): Subscription {
  let position = options.from;
  let stopped = false;
  let wake: (() => void) | null = null;
  let woken = false;
  const caughtUpWaiters: Array<() => void> = [];
  const batchSize = options.batchSize ?? 500;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopped) {
        woken = false;
        return resolve();
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        woken = false;
        resolve();
      }
      wake = done;
    });

  const onWake = () => {
    woken = true;
    wake?.();
  };

  const unlistenPromise = source.listen(onWake);

  const loop = (async () => {
    await unlistenPromise;
    while (!stopped) {
      try {
        // Waiters registered before this read are satisfied once it comes back short.
        const waiting = caughtUpWaiters.splice(0);
        const events = await source.readAll(position, { limit: batchSize });
        if (stopped) break; // stop() was called during the read: deliver nothing more
        if (events.length > 0) {
          await options.onEvents(events);
          position = events[events.length - 1].position;
        }
        if (events.length < batchSize) {
          if (await source.hasUnsettled(position)) {
            caughtUpWaiters.unshift(...waiting);
            await sleep(UNSETTLED_POLL_MS);
            continue;
          }
          for (const resolve of waiting) resolve();
          if (events.length === 0 && caughtUpWaiters.length === 0) await sleep(IDLE_POLL_MS);
        } else {
          caughtUpWaiters.unshift(...waiting);
        }
      } catch (error) {
        if (stopped) break;
        options.onError?.(error);
        await sleep(IDLE_POLL_MS);
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      const unlisten = await unlistenPromise;
      await unlisten();
      for (const resolve of caughtUpWaiters.splice(0)) resolve();
    },
    caughtUp() {
      return new Promise<void>((resolve) => {
        caughtUpWaiters.push(resolve);
        onWake();
      });
    },
  };
}
