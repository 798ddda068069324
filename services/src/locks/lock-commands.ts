import { recordLockStream, type EventMetadata, type EventStore } from "@shop/shared";
import { type RetryPolicy, runCommand } from "../platform/command-handler.ts";
import { decideRecordLock, type LockCommand } from "./decide.ts";
import { recordLockDecider } from "./record-lock.ts";

/** Editors race for one record's lock: a loser decides again on the winner's lock, up to 8 tries. */
const LOCK_RETRY: RetryPolicy = { onConflict: "retry", attempts: 8 };

/**
 * Runs one lock command on its record's stream. Many editors may race for one record: a loser's
 * append conflicts, and the retry decides again on the winner's lock (a refusal). Only a record
 * hammered by take/release loops can still lose 8 races in a row (a 409 'changed at the same time').
 */
export function runLockCommand(store: EventStore, command: LockCommand, metadata: EventMetadata = {}) {
  const { app, model, id } = command.data;
  return runCommand(
    store,
    recordLockStream(app, model, id),
    recordLockDecider,
    LOCK_RETRY,
    (state) => decideRecordLock(command, state),
    { metadata },
  );
}
