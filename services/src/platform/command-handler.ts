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

export interface CommandResult<State> {
  state: State;
  events: NewEvent[];
  /** Absent when `decide` returned no events (nothing to wait for). */
  appended?: AppendResult;
}

/**
 * Loads a stream, folds it with `evolve`, runs the pure `decide` and appends its events with the
 * stream's version as the expected one. A conflict (someone appended meanwhile) is retried once
 * on the fresh state, then raised.
 */
export async function handleCommand<State, Definitions extends readonly EventDefinition[]>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Definitions>,
  decide: (state: State) => Array<EventOf<Definitions>>,
  metadata: EventMetadata = {},
  attempts = 2,
): Promise<CommandResult<State>> {
  for (let attempt = 1; ; attempt++) {
    const recorded = await store.readStream(streamId);
    let state = foldStream(decider, recorded);
    const decided = decide(state);
    if (decided.length === 0) return { state, events: [] };
    const events: NewEvent[] = decided.map((e) => ({ type: e.type, data: e.data, metadata }));
    const expectedVersion = recorded.length === 0 ? "no-stream" : recorded[recorded.length - 1].streamPosition;
    try {
      const appended = await store.append(streamId, events, { expectedVersion });
      state = decided.reduce(decider.evolve, state);
      return { state, events, appended };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= attempts) throw error;
    }
  }
}
