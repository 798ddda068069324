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
import { appendWrites } from "../eventstore/append-writes.ts";

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

/** What `beforeAppend` took on other streams: kept after the append, given back when it fails. */
export interface AppendClaims {
  /** After the append: what the write left behind (a url the node no longer uses) is freed. */
  done(): Promise<void>;
  /** After a failed append (a conflict, an error): gives back what was claimed. */
  undo(): Promise<void>;
}

export interface RunOptions<State = unknown, Event = unknown> {
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
  /**
   * The stream's state and version as the caller's own write just left them (a claim it appended a
   * moment ago): skip the first read and decide on these. A conflict falls back to reading it.
   */
  known?: { state: State; version: number };
  /**
   * Runs after `decide` and before the append, on every attempt that decided events: claims what the
   * events need on other streams (a url, a parent change). A refusal there writes nothing on this
   * stream; `undo` runs when the append then fails (before a retry), `done` after it succeeded.
   */
  beforeAppend?: (state: State, decided: Event[]) => Promise<AppendClaims>;
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
 * On a conflict it follows the retry policy. `decide` may throw a DomainError to refuse. It may be
 * async when it needs what other streams or read models say about the state it got (a cart's SKUs,
 * a claim's holder from before claims were logged); it never writes.
 */
export async function runCommand<State, Definitions extends readonly EventDefinition[]>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Definitions>,
  retry: RetryPolicy,
  decide: Decide<State, Definitions>,
  options: RunOptions<State, EventOf<Definitions>> = {},
): Promise<CommandResult<State>> {
  const metadata = options.metadata ?? {};
  for (let attempt = 1; ; attempt++) {
    const known =
      attempt > 1
        ? undefined
        : (options.known ?? (options.assumeNew ? { state: decider.initialState(), version: -1 } : undefined));
    const recorded = known ? [] : await store.readStream(streamId);
    const version = known ? known.version : recorded.length ? recorded[recorded.length - 1].streamPosition : -1;
    if (options.expectedVersion !== undefined && version >= 0 && options.expectedVersion !== version)
      throw stale(streamId, options, recorded.at(-1), version);
    let state = known ? known.state : foldStream(decider, recorded);
    const decided = await decide(state, version);
    if (decided.length === 0) return { state, version, events: [] };
    const events: NewEvent[] = decided.map((e) => ({ type: e.type, data: e.data, metadata }));
    const claims = await options.beforeAppend?.(state, decided);
    let appended: AppendResult;
    try {
      appended = await store.append(streamId, events, {
        expectedVersion: version >= 0 ? version : "no-stream",
      });
    } catch (error) {
      await claims?.undo();
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (options.expectedVersion !== undefined && options.onStale) {
        const fresh = await store.readStream(streamId);
        throw stale(streamId, options, fresh.at(-1), fresh.length - 1);
      }
      if (retry.onConflict === "refuse" || attempt >= retry.attempts) throw error;
      await pause(retry, attempt);
      continue;
    }
    await claims?.done();
    state = decided.reduce(decider.evolve, state);
    return { state, version: version + events.length, events, appended };
  }
}

/** A command's decision: the events to append (none: nothing to do), from the state and its version. */
export type Decide<State, Definitions extends readonly EventDefinition[]> = (
  state: State,
  version: number,
) => Array<EventOf<Definitions>> | Promise<Array<EventOf<Definitions>>>;

function stale(
  streamId: string,
  options: Pick<RunOptions, "expectedVersion" | "onStale">,
  last: RecordedEvent | undefined,
  version: number,
): Error {
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
    decide: Decide<State, Definitions>,
    options?: RunOptions<State, EventOf<Definitions>>,
  ) => runCommand(store, streamId, decider, retry, decide, options);
}

/**
 * The decider of a stream written once, by its first event (a claim: the first writer wins): its
 * state says whether it exists and, when it does, holds that first event. With `RETRY.refuse` and
 * `assumeNew`, a second writer's append is refused with the conflict.
 */
export function onceDecider<const Definitions extends readonly EventDefinition[]>(
  events: Definitions,
): Decider<{ first: EventOf<Definitions> | null }, Definitions> {
  return {
    initialState: () => ({ first: null }),
    events,
    evolve: (state, event) => (state.first ? state : { first: event }),
  };
}

/** A command on a stream that must not exist yet, decided from the decider's initial state. */
export interface NewStreamCommand {
  streamId: string;
  events: NewEvent[];
}

/** Decides a new stream's events from its decider's initial state (for `createStreams`). */
export function newStream<State, Definitions extends readonly EventDefinition[]>(
  streamId: string,
  decider: Decider<State, Definitions>,
  decide: (state: State) => Array<EventOf<Definitions>>,
  metadata: EventMetadata = {},
): NewStreamCommand {
  const events = decide(decider.initialState()).map((e) => ({ type: e.type, data: e.data, metadata }));
  return { streamId, events };
}

/**
 * Creates many new streams at once (a bulk import): every stream with `no-stream`, all or nothing
 * where the store has `appendMany`. Policy `RETRY.refuse`: a stream that exists raises the conflict
 * and the caller goes stream by stream with `runCommand`.
 */
export function createStreams(store: EventStore, commands: NewStreamCommand[]): Promise<AppendResult[]> {
  return appendWrites(
    store,
    commands.filter((c) => c.events.length > 0).map((c) => ({ ...c, expectedVersion: "no-stream" as const })),
  );
}
