import type { LogPosition, RecordedEvent, SubscribeOptions, Subscription } from "@shop/shared";

export interface PollingSource {
  readAll(from: LogPosition, options: { limit?: number }): Promise<RecordedEvent[]>;
  /** True when committed events past `from` exist that readAll cannot return yet. */
  hasUnsettled(from: LogPosition): Promise<boolean>;
  listen(onWake: () => void): Promise<() => Promise<void>>;
  /**
   * Reads run beside the delivery of events (a pool of connections): after a full batch, the next
   * one is read while `onEvents` takes this one, so a catch-up's log reads leave its critical path.
   */
  readAhead?: boolean;
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
  /** Each waiter is numbered; a read that comes back short satisfies those numbered before it began. */
  const caughtUpWaiters: { seq: number; resolve: () => void }[] = [];
  let nextSeq = 0;
  const batchSize = options.batchSize ?? 500;
  /** The next batch, read ahead while the last full one is delivered; used only if delivered from where it began. */
  let ahead: Read | null = null;
  interface Read {
    from: LogPosition;
    seq: number;
    events: Promise<RecordedEvent[]>;
  }
  const read = (from: LogPosition): Read => ({
    from,
    seq: nextSeq,
    events: source.readAll(from, { limit: batchSize }),
  });

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
        // A read ahead from elsewhere (the delivery before it failed) is dropped: read again.
        const current = ahead?.from === position ? ahead : read(position);
        ahead = null;
        const events = await current.events;
        if (stopped) break; // stop() was called during the read: deliver nothing more
        if (source.readAhead && events.length >= batchSize) {
          ahead = read(events[events.length - 1].position);
          ahead.events.catch(() => {}); // a failed read ahead fails the loop's await of it, which reads again
        }
        if (events.length > 0) {
          await options.onEvents(events);
          position = events[events.length - 1].position;
        }
        if (events.length < batchSize) {
          if (await source.hasUnsettled(position)) {
            await sleep(UNSETTLED_POLL_MS);
            continue;
          }
          // Waiters registered before this read began are satisfied: it came back short.
          for (let i = caughtUpWaiters.length - 1; i >= 0; i--)
            if (caughtUpWaiters[i].seq < current.seq) caughtUpWaiters.splice(i, 1)[0].resolve();
          if (events.length === 0 && caughtUpWaiters.length === 0) await sleep(IDLE_POLL_MS);
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
      await ahead?.events.catch(() => {}); // no read of this subscription outlives its stop
      ahead = null;
      const unlisten = await unlistenPromise;
      await unlisten();
      for (const { resolve } of caughtUpWaiters.splice(0)) resolve();
    },
    caughtUp() {
      return new Promise<void>((resolve) => {
        caughtUpWaiters.push({ seq: nextSeq++, resolve });
        onWake();
      });
    },
  };
}
