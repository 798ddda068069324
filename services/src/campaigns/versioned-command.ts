import {
  WrongExpectedVersionError,
  type AppendResult,
  type EventDefinition,
  type EventMetadata,
  type EventOf,
  type EventStore,
} from "@shop/shared";
import { foldStream, type Decider } from "../platform/command-handler.ts";
import { DomainError } from "../platform/domain-error.ts";

export const staleVersion = () => {
  const message = "Someone else saved this record since you opened it. Reload it and try again.";
  return new DomainError("STALE_VERSION", message, 409);
};

/**
 * A back-office save: `expectedVersion` is the version the form was loaded at (the stream position
 * of its last event). A save on a record someone changed meanwhile is refused with 409, never merged.
 * Without it, a conflict is retried on the fresh state (gifts, which only add up).
 */
export async function runVersionedCommand<State, Definitions extends readonly EventDefinition[]>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Definitions>,
  decide: (state: State, version: number) => EventOf<Definitions>[],
  metadata: EventMetadata,
  expectedVersion?: number,
): Promise<{ state: State; version: number; appended?: AppendResult }> {
  for (let attempt = 1; ; attempt++) {
    const recorded = await store.readStream(streamId);
    const version = recorded.length ? recorded[recorded.length - 1].streamPosition : -1;
    if (expectedVersion !== undefined && recorded.length > 0 && expectedVersion !== version) throw staleVersion();
    let state = foldStream(decider, recorded);
    const events = decide(state, version);
    if (events.length === 0) return { state, version };
    try {
      const appended = await store.append(
        streamId,
        events.map((e) => ({ type: e.type, data: e.data, metadata })),
        { expectedVersion: recorded.length ? version : "no-stream" },
      );
      state = events.reduce(decider.evolve, state);
      return { state, version: version + events.length, appended };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (expectedVersion !== undefined) throw staleVersion();
      if (attempt >= 10) throw error;
    }
  }
}
