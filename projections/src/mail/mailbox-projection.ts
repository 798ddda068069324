import { sql, type Kysely, type Transaction } from "kysely";
import {
  ERASED,
  isEventOf,
  mailEvents,
  personalDataEvents,
  SealedMail,
  type EventOf,
  type MailboxItem,
  type RecordedEvent,
} from "@shop/shared";
import type { Database } from "../database.ts";
import { expectPersonKeys, openPersonal, sealedPersonsOf } from "../personal-data/person-keys.ts";
import type { Projection } from "../runner/projection.ts";
import { upsertRows } from "../runner/row-projector.ts";
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
      await trx.updateTable("mailbox").set(ERASED_MAIL).where("person", "=", recorded.data.person).execute();
      return;
    }
    if (!isEventOf(mailEvents, recorded)) return;
    const event = recorded;
    switch (event.type) {
      case "MailQueued":
        await trx
          .insertInto("mailbox")
          .values(await queuedRow(trx, event))
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
        return;
      case "MailSent":
        await trx.updateTable("mailbox").set(sentChanges(event)).where("id", "=", event.data.mailId).execute();
        return;
      case "MailFailed":
        await trx.updateTable("mailbox").set(failedChanges(event)).where("id", "=", event.data.mailId).execute();
        return;
      default:
        event satisfies never;
    }
  },
  /**
   * The same rows in two statements: the mails the batch names (and those of the persons it erases)
   * read at once, each event folded onto its row in memory as `apply`'s statement changes it, the
   * changed rows written by one multi-row upsert.
   */
  async applyBatch(trx, events) {
    expectPersonKeys(trx, sealedPersonsOf(events));
    const ids = [...new Set(events.flatMap((e) => (isEventOf(mailEvents, e) ? [e.data.mailId] : [])))];
    const erased = [...new Set(events.flatMap((e) => (isEventOf(personalDataEvents, e) ? [e.data.person] : [])))];
    const rows = new Map<string, MailboxTable>();
    for (const row of await trx
      .selectFrom("mailbox")
      .selectAll()
      .where((eb) =>
        eb.or([eb("id", "in", ids.length > 0 ? ids : [""]), eb("person", "in", erased.length > 0 ? erased : [""])]),
      )
      .execute())
      rows.set(row.id, row);
    const changed = new Set<string>();
    for (const recorded of events) {
      if (isEventOf(personalDataEvents, recorded)) {
        for (const row of rows.values())
          if (row.person === recorded.data.person) {
            rows.set(row.id, { ...row, ...ERASED_MAIL });
            changed.add(row.id);
          }
        continue;
      }
      if (!isEventOf(mailEvents, recorded)) continue;
      const id = recorded.data.mailId;
      const row = rows.get(id);
      if (recorded.type === "MailQueued") {
        if (row) continue; // ON CONFLICT DO NOTHING
        rows.set(id, await queuedRow(trx, recorded));
      } else if (!row)
        continue; // an UPDATE of no row
      else if (recorded.type === "MailSent") rows.set(id, { ...row, ...sentChanges(recorded) });
      else rows.set(id, { ...row, ...failedChanges(recorded) });
      changed.add(id);
    }
    await upsertRows(
      trx,
      "mailbox",
      ["id"],
      [...changed].map((id) => rows.get(id)!),
    );
  },
};

type MailEvent = RecordedEvent & EventOf<typeof mailEvents>;

/** What an erasure leaves of a person's mails: as a replay shows them, the box no longer opens. */
const ERASED_MAIL = { to: ERASED, text: ERASED, html: null };

/** The row MailQueued inserts. */
async function queuedRow(trx: Transaction<Database>, event: MailEvent & { type: "MailQueued" }): Promise<MailboxTable> {
  const opened = event.data.sealed ? await openPersonal(trx, event.data.sealed, SealedMail) : null;
  const d = event.data.sealed ? { ...event.data, ...(opened ?? { to: ERASED, text: ERASED, html: null }) } : event.data;
  return {
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
  };
}

function sentChanges(event: MailEvent & { type: "MailSent" }) {
  return {
    status: "sent" as const,
    via: event.data.via,
    attempts: event.data.attempt,
    sent_at: event.data.sentAt,
    next_attempt_at: null,
    // Sent over SMTP, the body has left: the outbox keeps no copy (the local mailbox keeps it until erasure).
    ...(event.data.via === "smtp" ? { text: "", html: null } : {}),
  };
}

function failedChanges(event: MailEvent & { type: "MailFailed" }) {
  return {
    status: event.data.retryAt ? ("queued" as const) : ("failed" as const),
    attempts: event.data.attempt,
    last_error: event.data.error,
    next_attempt_at: event.data.retryAt,
  };
}

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
