import type { EventStore } from "@shop/shared";
import { DomainError } from "./domain-error.ts";

/**
 * A record exists once its first event is in the log. Asking the log rather than a read model
 * means a record created a moment ago is found even while the read side is behind, and one that
 * never existed is never written into an event (whose read-back or projection would then fail).
 */
export async function streamExists(store: EventStore, streamId: string): Promise<boolean> {
  return (await store.readStream(streamId)).length > 0;
}

/** A record a command names: the request field, the record's stream, the field's message when it is missing. */
export interface RecordReference {
  field: string;
  stream: string;
  message: string;
}

/** The 'field: message' line of each reference whose record is not in the log. */
export async function missingRecordLines(store: EventStore, references: RecordReference[]): Promise<string[]> {
  const lines: string[] = [];
  for (const ref of references)
    if (!(await streamExists(store, ref.stream))) lines.push(`${ref.field}: ${ref.message}`);
  return lines;
}

/** Refuses (400) a command when any 'field: message' line says a record it names is missing. */
export function refuseOnMissing(lines: string[]): void {
  if (lines.length)
    throw new DomainError("UNKNOWN_RECORD", lines[0].slice(lines[0].indexOf(": ") + 2), 400, [...new Set(lines)]);
}

/** Refuses (400, one line per missing record) a command naming records that are not in the log. */
export async function refuseMissingRecords(store: EventStore, references: RecordReference[]): Promise<void> {
  refuseOnMissing(await missingRecordLines(store, references));
}
