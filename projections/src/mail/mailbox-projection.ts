import { sql, type Kysely } from "kysely";
import { ERASED, isEventOf, mailEvents, personalDataEvents, SealedMail, type MailboxItem } from "@shop/shared";
import type { Database } from "../database.ts";
import { openPersonal } from "../personal-data/person-keys.ts";
import type { Projection } from "../runner/projection.ts";
import type { MailboxTable } from "./mailbox-tables.ts";

export const mailboxProjection: Projection = {
  name: "mailbox",
  version: 3,
  tables: ["mailbox"],
  handles: ["MailQueued", "MailSent", "MailFailed", "PersonErased"],
  async migrate(db) {
    await sql`CREATE TABLE IF NOT EXISTS mailbox (
      id text PRIMARY KEY,
      "to" text NOT NULL,
      subject text NOT NULL,
      text text NOT NULL,
      html text,
      status text NOT NULL,
      via text,
      attempts integer NOT NULL,
      last_error text,
      next_attempt_at text,
      queued_at text NOT NULL,
      sent_at text,
      person text
    )`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS mailbox_person ON mailbox (person)`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS mailbox_due ON mailbox (next_attempt_at) WHERE status = 'queued'`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS mailbox_queued_at ON mailbox (queued_at)`.execute(db);
  },
  async apply(trx, recorded) {
    if (isEventOf(personalDataEvents, recorded)) {
      // As a replay shows it: the box no longer opens.
      await trx
        .updateTable("mailbox")
        .set({ to: ERASED, text: ERASED, html: null })
        .where("person", "=", recorded.data.person)
        .execute();
      return;
    }
    if (!isEventOf(mailEvents, recorded)) return;
    const event = recorded;
    switch (event.type) {
      case "MailQueued": {
        const opened = event.data.sealed ? await openPersonal(trx, event.data.sealed, SealedMail) : null;
        const d = event.data.sealed
          ? { ...event.data, ...(opened ?? { to: ERASED, text: ERASED, html: null }) }
          : event.data;
        await trx
          .insertInto("mailbox")
          .values({
            id: d.mailId,
            to: d.to,
            subject: d.subject,
            text: d.text,
            html: d.html,
            status: "queued",
            via: null,
            attempts: 0,
            last_error: null,
            next_attempt_at: d.queuedAt,
            queued_at: d.queuedAt,
            sent_at: null,
            person: event.data.sealed?.person ?? null,
          })
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
        return;
      }
      case "MailSent":
        await trx
          .updateTable("mailbox")
          .set({
            status: "sent",
            via: event.data.via,
            attempts: event.data.attempt,
            sent_at: event.data.sentAt,
            next_attempt_at: null,
            // Sent over SMTP, the body has left: the outbox keeps no copy (the local mailbox keeps it until erasure).
            ...(event.data.via === "smtp" ? { text: "", html: null } : {}),
          })
          .where("id", "=", event.data.mailId)
          .execute();
        return;
      case "MailFailed":
        await trx
          .updateTable("mailbox")
          .set({
            status: event.data.retryAt ? "queued" : "failed",
            attempts: event.data.attempt,
            last_error: event.data.error,
            next_attempt_at: event.data.retryAt,
          })
          .where("id", "=", event.data.mailId)
          .execute();
        return;
      default:
        event satisfies never;
    }
  },
};

const itemOf = ({ person: _, ...row }: MailboxTable): MailboxItem => ({ ...row });

/** Mails whose (next) attempt is due, oldest first. */
export async function findDueMails(db: Kysely<Database>, now: Date, limit = 50) {
  return db
    .selectFrom("mailbox")
    .select(["id", "to", "subject", "text", "html", "attempts"])
    .where("status", "=", "queued")
    .where("next_attempt_at", "<=", now.toISOString())
    .orderBy("next_attempt_at")
    .limit(limit)
    .execute();
}

/** The mailbox, newest first; `to` narrows it to one address. */
export async function listMails(db: Kysely<Database>, options: { to?: string; limit?: number } = {}) {
  let query = db.selectFrom("mailbox").selectAll();
  if (options.to) query = query.where("to", "=", options.to.trim().toLowerCase());
  const rows = await query
    .orderBy("queued_at", "desc")
    .orderBy("id", "desc")
    .limit(options.limit ?? 100)
    .execute();
  return rows.map(itemOf);
}

export async function findMail(db: Kysely<Database>, id: string) {
  const row = await db.selectFrom("mailbox").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? itemOf(row) : undefined;
}
