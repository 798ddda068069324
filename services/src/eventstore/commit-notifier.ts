/**
 * Wakes subscribers after appends with at most one NOTIFY in flight.
 *
 * A NOTIFY inside the append transaction makes PostgreSQL take its global notify lock at commit and
 * hold it through the WAL flush, so concurrent appends commit one at a time, each paying its own
 * fsync (measured: 16 writers no faster than 1). Sent separately and coalesced, appends group-commit.
 * No wake-up is lost: an append that finishes while a NOTIFY is in flight marks another one pending,
 * and that one starts after the append committed, so its delivery comes after the event is visible.
 * If the process dies between the two, subscribers fall back on their idle poll.
 */
export interface CommitNotifier {
  /** Call after an append committed. */
  notify(): void;
  /** Resolves once no NOTIFY is in flight or pending (before closing the pool). */
  drain(): Promise<void>;
}

/**
 * `minGapMs` spaces NOTIFYs under load (each is a statement and a commit the database must also
 * serve); a subscriber then learns of a burst of appends at most that much later.
 */
export function createCommitNotifier(send: () => Promise<unknown>, minGapMs = 0): CommitNotifier {
  let inFlight: Promise<void> | null = null;
  let pending = false;
  const gap = () => (minGapMs > 0 ? new Promise((resolve) => setTimeout(resolve, minGapMs)) : undefined);

  function notify(): void {
    if (inFlight) {
      pending = true;
      return;
    }
    inFlight = send()
      .then(
        async () => {
          await gap();
        },
        async () => {
          await gap();
        }, // a lost wake-up costs one idle poll; the append itself has succeeded
      )
      .finally(() => {
        inFlight = null;
        if (pending) {
          pending = false;
          notify();
        }
      });
  }

  return {
    notify,
    async drain() {
      while (inFlight) await inFlight;
    },
  };
}
