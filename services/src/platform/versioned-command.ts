import {
  type AppendResult,
  type EventDefinition,
  type EventMetadata,
  type EventOf,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
  StaleVersionError,
  UserRef,
} from "@shop/shared";
import type { Request } from "express";
import { runCommand, type Decider, type RetryPolicy } from "./command-handler.ts";

/** A staff save without a form version (a gift, a bulk edit) only adds up: retried on the fresh state. */
const STAFF_SAVE_RETRY: RetryPolicy = { onConflict: "retry", attempts: 10 };
import { eventMetadata } from "./http/request-context.ts";

/** Who saved the stream's last event and when, for the stale-version answer. */
function staleVersion(what: string, last: RecordedEvent | undefined, version: number): StaleVersionError {
  const data = last?.data;
  const by = data && typeof data === "object" && "by" in data ? UserRef.nullable().catch(null).parse(data.by) : null;
  return new StaleVersionError(what, by, (last?.createdAt ?? new Date()).toISOString(), version);
}

/**
 * A back-office save: `expectedVersion` is the version the form was loaded at (the stream position
 * of its last event). A save on a record someone changed meanwhile is refused with 409, never merged.
 * Without it, a conflict is retried on the fresh state (gifts, which only add up).
 */
export async function runVersionedCommand<State, Definitions extends readonly EventDefinition[]>(
  what: string,
  store: EventStore,
  streamId: string,
  decider: Decider<State, Definitions>,
  decide: (state: State, version: number) => EventOf<Definitions>[],
  metadata: EventMetadata,
  expectedVersion?: number,
): Promise<{ state: State; version: number; appended?: AppendResult }> {
  return runCommand(store, streamId, decider, STAFF_SAVE_RETRY, decide, {
    metadata,
    expectedVersion,
    onStale: (last, version) => staleVersion(what, last, version),
  });
}

/**
 * A staff router's command: `runVersionedCommand` on the record's stream with the signed-in staff
 * member as `by`, then a wait until the named read models hold what it appended, so the answer (and
 * the list the form returns to) shows the save.
 */
export function staffCommandRunner<State, Definitions extends readonly EventDefinition[], Key, Command>(
  deps: {
    store: EventStore;
    clock: () => Date;
    waitForProjections: (position: LogPosition, names: string[]) => Promise<boolean>;
  },
  options: {
    what: string;
    decider: Decider<State, Definitions>;
    stream: (key: Key) => string;
    decide: (command: Command, state: State, context: { now: Date; by: UserRef }) => EventOf<Definitions>[];
    readModels: string[];
  },
) {
  return async (req: Request, key: Key, command: Command, expectedVersion?: number) => {
    const by = { id: req.user!.id, name: req.user!.name };
    const result = await runVersionedCommand(
      options.what,
      deps.store,
      options.stream(key),
      options.decider,
      (state) => options.decide(command, state, { now: deps.clock(), by }),
      eventMetadata(req),
      expectedVersion,
    );
    if (result.appended) await deps.waitForProjections(result.appended.position, options.readModels);
    return result;
  };
}
