import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { mailStream, type EventMetadata, type EventStore, type LogPosition } from "@shop/shared";
import { sealPersonal, sealWithKey, type Database } from "@shop/projections";
import { RETRY, runCommand } from "../platform/command-handler.ts";
import type { StreamTransaction } from "../platform/stream-transaction.ts";
import { decideMail, mailDecider } from "./mail.ts";

/** A mail's stream is new (a fresh id): one fresh try, as every mail command. */
const MAIL_RETRY = RETRY.once;

/** What a feature hands to the outbox. `html` is an optional alternative to `text`. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/**
 * Puts an email in the outbox (a `MailQueued` event) and returns at once; the sender delivers it
 * later, once, with retries. Call it after the event that warrants the mail is appended (an order
 * placed, a reset requested): `await queueMail({ store, clock, db }, { to, person, subject, text }, metadata)`.
 * The address and body are sealed with `person`'s key (the account's user id, or `guestPerson` of the
 * address for someone without one), so erasing the person erases the mail. The subject stays in clear:
 * it must not name the person. `mailId` may be given to make the call idempotent (e.g.
 * `order-confirmation-{number}`): a second call with the same id queues nothing.
 */
export async function queueMail(
  deps: { store: EventStore; clock: () => Date; db: Kysely<Database> },
  mail: OutgoingMail & { mailId?: string; person: string },
  metadata: EventMetadata = {},
): Promise<{ mailId: string; position: LogPosition | null }> {
  const mailId = mail.mailId ?? randomUUID();
  const to = mail.to.trim().toLowerCase();
  const html = mail.html ?? null;
  const sealed = await sealPersonal(deps.db, mail.person, { to, text: mail.text, html });
  const result = await runCommand(
    deps.store,
    mailStream(mailId),
    mailDecider,
    MAIL_RETRY,
    (state) =>
      decideMail(
        {
          type: "QueueMail",
          data: {
            mailId,
            subject: mail.subject,
            to: "",
            text: "",
            html: null,
            sealed,
            now: deps.clock(),
          },
        },
        state,
      ),
    { metadata },
  );
  return { mailId, position: result.appended?.position ?? null };
}

/**
 * A mail sealed now and queued later inside a transaction of several streams (an order's placing):
 * the same `MailQueued` as `queueMail`'s, committed with the event that warrants it. Idempotent by
 * `mailId` like `queueMail`.
 */
export async function sealedMail(
  deps: { clock: () => Date; db: Kysely<Database> },
  mail: OutgoingMail & { mailId: string; person: string },
  /** The person's key, when the caller read it already: sealed without a read (a key read exists). */
  key?: Buffer,
): Promise<(tx: StreamTransaction) => Promise<void>> {
  const to = mail.to.trim().toLowerCase();
  const body = { to, text: mail.text, html: mail.html ?? null };
  const sealed = key
    ? { person: mail.person, box: sealWithKey(key, body) }
    : await sealPersonal(deps.db, mail.person, body);
  const now = deps.clock();
  return async (tx) => {
    await tx.run(mailStream(mail.mailId), mailDecider, (state) =>
      decideMail(
        {
          type: "QueueMail",
          data: { mailId: mail.mailId, subject: mail.subject, to: "", text: "", html: null, sealed, now },
        },
        state,
      ),
    );
  };
}
