import { sql } from "kysely";
import {
  ERASED,
  isEventOf,
  newsletterListEvents,
  newsletterSubscriberEvents,
  personalDataEvents,
  SubscriberPersonal,
  type NewsletterSubscriberEvent,
  type EventOf,
  type RecordedEvent,
} from "@shop/shared";
import { expectPersonKeys, openPersonal, sealedPersonsOf } from "../personal-data/person-keys.ts";
import type { Projection } from "../runner/projection.ts";
import { upsertRows } from "../runner/row-projector.ts";
import type { Selectable, Transaction } from "kysely";
import type { NewsletterSubscribersTable } from "./newsletters-tables.ts";
import type { Database } from "../database.ts";

const idsText = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(",");
const idsOf = (text: string) => (text === "" ? [] : text.split(",").map(Number));

export const newslettersProjection: Projection = {
  name: "newsletters",
  version: 2,
  tables: ["newsletter_lists", "newsletter_subscribers"],
  handles: [
    "NewsletterListAdded",
    "NewsletterListChanged",
    "NewsletterSignupRequested",
    "NewsletterSignupConfirmed",
    "NewsletterUnsubscribed",
    "UkEmailSignedUp",
    "PersonErased",
  ],
  async migrate(db) {
    await sql`CREATE TABLE IF NOT EXISTS newsletter_lists (
      id integer PRIMARY KEY,
      slug text NOT NULL,
      name text NOT NULL,
      description text NOT NULL,
      requires_postal_code boolean NOT NULL,
      active boolean NOT NULL,
      version integer NOT NULL
    )`.execute(db);
    await sql`CREATE TABLE IF NOT EXISTS newsletter_subscribers (
      subscriber text PRIMARY KEY,
      email text NOT NULL,
      person text,
      status text NOT NULL,
      list_ids text NOT NULL,
      pending_list_ids text NOT NULL,
      postal_code text NOT NULL,
      uk boolean NOT NULL,
      confirm_token text UNIQUE,
      unsubscribe_token text NOT NULL UNIQUE,
      requested_at text NOT NULL,
      confirmed_at text
    )`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS newsletter_subscribers_email ON newsletter_subscribers (email)`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS newsletter_subscribers_person ON newsletter_subscribers (person)`.execute(db);
  },
  // One event is a batch of one: each rule below is written once, for both.
  apply: (trx, recorded) => applyBatch(trx, [recorded]),
  applyBatch,
};

type SubscriberRow = Selectable<NewsletterSubscribersTable>;

/**
 * Events in three statements: the batch's subscribers (and those of the persons it erases) are read at
 * once, each event is folded onto its subscriber's row in memory, and the changed rows of each table
 * are written by one multi-row upsert (of a list's events the last wins).
 */
async function applyBatch(trx: Transaction<Database>, events: RecordedEvent[]): Promise<void> {
  expectPersonKeys(trx, sealedPersonsOf(events));
  // The subscribers the batch names and those of the persons it erases, as the table holds them now.
  const named = [...new Set(events.flatMap((e) => (isEventOf(newsletterSubscriberEvents, e) ? [e.streamId] : [])))];
  const erased = [...new Set(events.flatMap((e) => (isEventOf(personalDataEvents, e) ? [e.data.person] : [])))];
  const rows = new Map<string, SubscriberRow>();
  for (const row of await trx
    .selectFrom("newsletter_subscribers")
    .selectAll()
    .where((eb) =>
      eb.or([
        eb("subscriber", "in", named.length > 0 ? named : [""]),
        eb("person", "in", erased.length > 0 ? erased : [""]),
      ]),
    )
    .execute())
    rows.set(row.subscriber, row);
  const changed = new Set<string>();
  const lists: Array<ReturnType<typeof listRow>> = [];
  for (const recorded of events) {
    if (isEventOf(newsletterListEvents, recorded)) {
      lists.push(listRow(recorded));
      continue;
    }
    if (isEventOf(personalDataEvents, recorded)) {
      // As a replay shows it: the boxes no longer open, and an erased person receives nothing.
      for (const row of rows.values())
        if (row.person === recorded.data.person) {
          rows.set(row.subscriber, {
            ...row,
            email: ERASED,
            postal_code: ERASED,
            status: "unsubscribed",
            list_ids: "",
            pending_list_ids: "",
            uk: false,
            confirm_token: null,
          });
          changed.add(row.subscriber);
        }
      continue;
    }
    if (!isEventOf(newsletterSubscriberEvents, recorded)) continue;
    const subscriber = recorded.streamId;
    const { email, postalCode, person } = await personalOf(trx, recorded.data);
    const current = rows.get(subscriber);
    let next: SubscriberRow | undefined;
    switch (recorded.type) {
      case "NewsletterSignupRequested": {
        const d = recorded.data;
        next = {
          subscriber,
          email,
          person,
          status: current?.status === "confirmed" ? "confirmed" : "pending",
          list_ids: current?.status === "confirmed" ? current.list_ids : "",
          pending_list_ids: idsText(d.listIds),
          postal_code: postalCode,
          uk: current?.uk ?? false,
          confirm_token: d.confirmToken,
          unsubscribe_token: d.unsubscribeToken,
          requested_at: d.requestedAt,
          confirmed_at: current?.confirmed_at ?? null,
        };
        break;
      }
      case "NewsletterSignupConfirmed": {
        const d = recorded.data;
        if (!current) break;
        const lists = [...new Set([...idsOf(current.list_ids), ...d.listIds])];
        next = {
          ...current,
          status: "confirmed",
          list_ids: idsText(lists),
          pending_list_ids: "",
          postal_code: postalCode || current.postal_code,
          confirm_token: null,
          confirmed_at: d.confirmedAt,
        };
        break;
      }
      case "NewsletterUnsubscribed":
        if (current)
          next = {
            ...current,
            status: "unsubscribed",
            list_ids: "",
            pending_list_ids: "",
            uk: false,
            confirm_token: null,
          };
        break;
      case "UkEmailSignedUp": {
        const d = recorded.data;
        next = current
          ? { ...current, uk: true, status: "confirmed" }
          : {
              subscriber,
              email,
              person,
              status: "confirmed",
              list_ids: "",
              pending_list_ids: "",
              postal_code: "",
              uk: true,
              confirm_token: null,
              unsubscribe_token: d.unsubscribeToken,
              requested_at: d.signedUpAt,
              confirmed_at: d.signedUpAt,
            };
        break;
      }
    }
    if (next) {
      rows.set(subscriber, next);
      changed.add(subscriber);
    }
  }
  await upsertRows(trx, "newsletter_lists", ["id"], lists);
  await upsertRows(
    trx,
    "newsletter_subscribers",
    ["subscriber"],
    [...changed].map((subscriber) => rows.get(subscriber)!),
  );
}

/** The row a list's event describes (the whole list). */
function listRow(recorded: RecordedEvent & EventOf<typeof newsletterListEvents>) {
  const d = recorded.data;
  return {
    id: d.id,
    slug: d.slug,
    name: d.name,
    description: d.description,
    requires_postal_code: d.requiresPostalCode,
    active: d.active,
    version: recorded.streamPosition,
  };
}

/** The address and postal code an event carries: opened from its box (ERASED once the person is), or in clear. */
async function personalOf(trx: Transaction<Database>, data: NewsletterSubscriberEvent["data"]) {
  if (!data.sealed) return { email: data.email, postalCode: "postalCode" in data ? data.postalCode : "", person: null };
  const opened = await openPersonal(trx, data.sealed, SubscriberPersonal);
  return { ...(opened ?? { email: ERASED, postalCode: ERASED }), person: data.sealed.person };
}
