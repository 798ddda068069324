import { type EventStore, UnknownRecordError } from "@shop/shared";

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

/** The message of each reference whose record is not in the log, by field (each message once). */
export async function missingRecords(
  store: EventStore,
  references: RecordReference[],
): Promise<Record<string, string[]>> {
  const missing: Record<string, string[]> = {};
  for (const ref of references) {
    if (await streamExists(store, ref.stream)) continue;
    const messages = missing[ref.field] ?? [];
    if (!messages.includes(ref.message)) missing[ref.field] = [...messages, ref.message];
  }
  return missing;
}

/** Refuses a command when any field names a missing record. */
export function refuseOnMissing(missing: Record<string, string[]>): void {
  if (Object.keys(missing).length) throw new UnknownRecordError(missing);
}

/** Refuses (400, one line per missing record) a command naming records that are not in the log. */
export async function refuseMissingRecords(store: EventStore, references: RecordReference[]): Promise<void> {
  refuseOnMissing(await missingRecords(store, references));
}
