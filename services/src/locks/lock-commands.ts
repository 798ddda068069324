import { recordLockStream, type EventMetadata, type EventStore } from "@shop/shared";
import { handleCommand } from "../platform/command-handler.ts";
import { decideRecordLock, type LockCommand } from "./decide.ts";
import { recordLockDecider } from "./record-lock.ts";

/**
 * Runs one lock command on its record's stream. Many editors may race for one record: a loser's
 * append conflicts, and the retry decides again on the winner's lock (a refusal). Only a record
 * hammered by take/release loops can still lose 8 races in a row (a 409 'changed at the same time').
 */
export function runLockCommand(store: EventStore, command: LockCommand, metadata: EventMetadata = {}) {
  const { app, model, id } = command.data;
  return handleCommand(
    store,
    recordLockStream(app, model, id),
    recordLockDecider,
    (state) => decideRecordLock(command, state),
    metadata,
    8,
  );
}
