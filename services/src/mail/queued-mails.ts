import type { Kysely } from "kysely";
import { SealedMail, type RecordedEvent, type Sealed } from "@shop/shared";
import { openPersonal, type Database } from "@shop/projections";

/** A queued mail as its recipient gets it: the address and body opened from the event's box (tests, ops). */
export interface OpenedMail {
  mailId: string;
  subject: string;
  to: string;
  text: string;
  html: string | null;
}

/** The mails queued among `events`, opened (an erased person's: to and text ""). */
export async function queuedMailsIn(db: Kysely<Database>, events: readonly RecordedEvent[]): Promise<OpenedMail[]> {
  const mails: OpenedMail[] = [];
  for (const event of events) {
    if (event.type !== "MailQueued") continue;
    const d = event.data as {
      mailId: string;
      subject: string;
      to: string;
      text: string;
      html: string | null;
      sealed?: Sealed;
    };
    const opened = d.sealed ? await openPersonal(db, d.sealed, SealedMail) : d;
    mails.push({ mailId: d.mailId, subject: d.subject, ...(opened ?? { to: "", text: "", html: null }) });
  }
  return mails;
}
