import {
  isEventOf,
  WrongExpectedVersionError,
  type AppendResult,
  type EventDefinition,
  type EventMetadata,
  type EventOf,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from "@shop/shared";

export interface Decider<State, Definitions extends readonly EventDefinition[]> {
  initialState: () => State;
  /** The events `evolve` folds (their union is its argument's type). */
  events: Definitions;
  evolve: (state: State, event: EventOf<Definitions>) => State;
  /**
   * What another event in the stream (a retired type, or one a newer writer added) does to the
   * state: nothing unless given (a node counts it, since its version is the stream position).
   */
  skip?: (state: State) => State;
}

/** Folds a stream read back from the store with the decider. */
export function foldStream<State, Definitions extends readonly EventDefinition[]>(
  decider: Decider<State, Definitions>,
  recorded: RecordedEvent[],
  state = decider.initialState(),
): State {
  return recorded.reduce(
    (s, e) => (isEventOf(decider.events, e) ? decider.evolve(s, e) : (decider.skip?.(s) ?? s)),
    state,
  );
}

/**
 * What a command does when another writer appended to its stream between its read and its append
 * (the store refused the append with WrongExpectedVersionError). Every command declares one.
 *
 * - `refuse`: raise the conflict at once. For claims (the first writer wins: a unique email, a
 *   claimed checkout) and for saves made on a version the user saw (the caller answers 409).
 * - `retry`: read the stream again, decide again on the fresh state and append, at most `attempts`
 *   times in all, pausing a random 0..min(maxPauseMs, attempt × pauseStepMs) ms between tries so
 *   that writers racing on one hot stream (stock, a discount's uses, a cart) spread out.
 */
export type RetryPolicy =
  | { onConflict: "refuse" }
  | { onConflict: "retry"; attempts: number; pauseStepMs?: number; maxPauseMs?: number };

/** The policies in use, by what they are for; a command names one of these or declares its own. */
export const RETRY = {
  /** First writer wins; the caller turns the conflict into its own answer. */
  refuse: { onConflict: "refuse" },
  /** A back-office record: rarely contended, so one fresh try, then the conflict is raised. */
  once: { onConflict: "retry", attempts: 2 },
  /** Streams many shoppers write at once (stock, discount uses, carts): keep trying, spread out. */
  contended: { onConflict: "retry", attempts: 200, pauseStepMs: 4, maxPauseMs: 40 },
} as const satisfies Record<string, RetryPolicy>;

export interface CommandResult<State> {
  /** The state after the command's events (or as read, when it decided none). */
  state: State;
  /** The stream's version (position of its last event, -1 when empty) after the command. */
  version: number;
  events: NewEvent[];
  /** Absent when `decide` returned no events (nothing to wait for). */
  appended?: AppendResult;
}

export interface RunOptions {
  metadata?: EventMetadata;
  /**
   * The version the user's form was loaded at: a stream that has moved on since is refused with
   * `onStale` (never merged), and so is a conflict at append time. Ignored on an empty stream.
   */
  expectedVersion?: number;
  /** Builds the refusal for a stale `expectedVersion` from the stream's last event and version. */
  onStale?: (last: RecordedEvent | undefined, version: number) => Error;
  /**
   * The stream is known to be new (a fresh random id): skip the first read and fold nothing. A
   * conflict (someone else did write it) falls back to reading it.
   */
  assumeNew?: boolean;
}

const pause = (policy: RetryPolicy, attempt: number) =>
  policy.onConflict === "retry" && policy.pauseStepMs
    ? new Promise((r) =>
        setTimeout(r, Math.random() * Math.min(policy.maxPauseMs ?? 50, attempt * policy.pauseStepMs!)),
      )
    : undefined;

/**
 * The one command loop: loads a stream, folds it with the decider, runs the pure `decide` on the
 * state (and the stream's version) and appends its events with that version as the expected one.
 * On a conflict it follows the retry policy. `decide` may throw a DomainError to refuse.
 */
export async function runCommand<State, Definitions extends readonly EventDefinition[]>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Definitions>,
  retry: RetryPolicy,
  decide: (state: State, version: number) => Array<EventOf<Definitions>>,
  options: RunOptions = {},
): Promise<CommandResult<State>> {
  const metadata = options.metadata ?? {};
  for (let attempt = 1; ; attempt++) {
    const recorded = options.assumeNew && attempt === 1 ? [] : await store.readStream(streamId);
    const version = recorded.length ? recorded[recorded.length - 1].streamPosition : -1;
    if (options.expectedVersion !== undefined && recorded.length > 0 && options.expectedVersion !== version)
      throw stale(streamId, options, recorded.at(-1), version);
    let state = foldStream(decider, recorded);
    const decided = decide(state, version);
    if (decided.length === 0) return { state, version, events: [] };
    const events: NewEvent[] = decided.map((e) => ({ type: e.type, data: e.data, metadata }));
    try {
      const appended = await store.append(streamId, events, {
        expectedVersion: recorded.length ? version : "no-stream",
      });
      state = decided.reduce(decider.evolve, state);
      return { state, version: version + events.length, events, appended };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (options.expectedVersion !== undefined && options.onStale) {
        const fresh = await store.readStream(streamId);
        throw stale(streamId, options, fresh.at(-1), fresh.length - 1);
      }
      if (retry.onConflict === "refuse" || attempt >= retry.attempts) throw error;
      await pause(retry, attempt);
    }
  }
}

function stale(streamId: string, options: RunOptions, last: RecordedEvent | undefined, version: number): Error {
  return options.onStale?.(last, version) ?? new WrongExpectedVersionError(streamId, options.expectedVersion!, version);
}

/**
 * A feature's command handler: its decider and retry policy declared once, Emmett's
 * `CommandHandler({ evolve, initialState, retry })` shape. `handle(store, stream, decide, options)`.
 */
export function commandHandler<State, Definitions extends readonly EventDefinition[]>(
  decider: Decider<State, Definitions>,
  retry: RetryPolicy,
) {
  return (
    store: EventStore,
    streamId: string,
    decide: (state: State, version: number) => Array<EventOf<Definitions>>,
    options?: RunOptions,
  ) => runCommand(store, streamId, decider, retry, decide, options);
}

/**
 * Kept for the callers not yet moved to `commandHandler`: `runCommand` with one fresh try.
 * @deprecated name the retry policy: `commandHandler(decider, RETRY.once)`.
 */
export function handleCommand<State, Definitions extends readonly EventDefinition[]>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Definitions>,
  decide: (state: State) => Array<EventOf<Definitions>>,
  metadata: EventMetadata = {},
  attempts = 2,
): Promise<CommandResult<State>> {
  return runCommand(store, streamId, decider, { onConflict: "retry", attempts }, decide, { metadata });
}
