import {
  WrongExpectedVersionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type NewEvent,
} from "@shop/shared";

export interface Decider<State, Event extends { type: string; data: unknown }> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
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
export async function handleCommand<State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Event>,
  decide: (state: State) => Array<Event>,
  metadata: EventMetadata = {},
  attempts = 2,
): Promise<CommandResult<State>> {
  for (let attempt = 1; ; attempt++) {
    const recorded = await store.readStream(streamId);
    let state = recorded.reduce((s, e) => decider.evolve(s, e as unknown as Event), decider.initialState());
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
