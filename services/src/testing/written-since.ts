import type { EventStore, LogPosition, RecordedEvent } from "@shop/shared";
import { readAllSettled } from "./read-settled.ts";

/**
 * What was appended after `before`, left out what the server's mail sender writes on its own clock
 * (MailSent, MailFailed: a demo shop's or an earlier test's mails are delivered in the background, a
 * sweep a second). A check that a refused request "writes nothing" compares this with [], where
 * comparing the log's head failed whenever a delivery fell inside the test.
 */
export async function writtenSince(store: EventStore, before: LogPosition): Promise<RecordedEvent[]> {
  return (await readAllSettled(store, before)).filter((e) => !BACKGROUND.has(e.type));
}

const BACKGROUND = new Set(["MailSent", "MailFailed"]);
