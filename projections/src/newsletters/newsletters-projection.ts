import { sql } from "kysely";
import { isEventOf, newsletterListEvents, newsletterSubscriberEvents } from "@shop/shared";
import type { Projection } from "../runner/projection.ts";

/** newsletter_lists: the lists staff define, for the form and the admin list. */
export interface NewsletterListsTable {
  id: number;
  slug: string;
  name: string;
  description: string;
  requires_postal_code: boolean;
  active: boolean;
  /** The stream version: the admin form's expected_version. */
  version: number;
}

/** newsletter_subscribers: one row per address, for the admin list, the CSV export and the links' tokens. */
export interface NewsletterSubscribersTable {
  email: string;
  /** pending until the mail's link is followed; unsubscribed after the unsubscribe link. */
  status: "pending" | "confirmed" | "unsubscribed";
  /** The confirmed lists' ids, comma-separated in id order ("" for none). */
  list_ids: string;
  /** The lists waiting for confirmation. */
  pending_list_ids: string;
  postal_code: string;
  uk: boolean;
  confirm_token: string | null;
  unsubscribe_token: string;
  requested_at: string;
  confirmed_at: string | null;
}

export interface NewsletterTables {
  newsletter_lists: NewsletterListsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
}

const idsText = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(",");
const idsOf = (text: string) => (text === "" ? [] : text.split(",").map(Number));

export const newslettersProjection: Projection = {
  name: "newsletters",
  version: 1,
  tables: ["newsletter_lists", "newsletter_subscribers"],
  handles: [
    "NewsletterListAdded",
    "NewsletterListChanged",
    "NewsletterSignupRequested",
    "NewsletterSignupConfirmed",
    "NewsletterUnsubscribed",
    "UkEmailSignedUp",
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
      email text PRIMARY KEY,
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
  },
  async apply(trx, recorded) {
    if (isEventOf(newsletterListEvents, recorded)) {
      const d = recorded.data;
      const row = {
        id: d.id,
        slug: d.slug,
        name: d.name,
        description: d.description,
        requires_postal_code: d.requiresPostalCode,
        active: d.active,
        version: recorded.streamPosition,
      };
      const { id: _id, ...changes } = row;
      await trx
        .insertInto("newsletter_lists")
        .values(row)
        .onConflict((oc) => oc.column("id").doUpdateSet(changes))
        .execute();
      return;
    }
    if (!isEventOf(newsletterSubscriberEvents, recorded)) return;
    const email = recorded.data.email;
    const current = await trx
      .selectFrom("newsletter_subscribers")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirst();
    switch (recorded.type) {
      case "NewsletterSignupRequested": {
        const d = recorded.data;
        const row = {
          email,
          status: current?.status === "confirmed" ? ("confirmed" as const) : ("pending" as const),
          list_ids: current?.status === "confirmed" ? current.list_ids : "",
          pending_list_ids: idsText(d.listIds),
          postal_code: d.postalCode,
          uk: current?.uk ?? false,
          confirm_token: d.confirmToken,
          unsubscribe_token: d.unsubscribeToken,
          requested_at: d.requestedAt,
          confirmed_at: current?.confirmed_at ?? null,
        };
        const { email: _e, ...changes } = row;
        await trx
          .insertInto("newsletter_subscribers")
          .values(row)
          .onConflict((oc) => oc.column("email").doUpdateSet(changes))
          .execute();
        return;
      }
      case "NewsletterSignupConfirmed": {
        const d = recorded.data;
        const lists = [...new Set([...idsOf(current?.list_ids ?? ""), ...d.listIds])];
        await trx
          .updateTable("newsletter_subscribers")
          .set({
            status: "confirmed",
            list_ids: idsText(lists),
            pending_list_ids: "",
            postal_code: d.postalCode || (current?.postal_code ?? ""),
            confirm_token: null,
            confirmed_at: d.confirmedAt,
          })
          .where("email", "=", email)
          .execute();
        return;
      }
      case "NewsletterUnsubscribed":
        await trx
          .updateTable("newsletter_subscribers")
          .set({ status: "unsubscribed", list_ids: "", pending_list_ids: "", uk: false, confirm_token: null })
          .where("email", "=", email)
          .execute();
        return;
      case "UkEmailSignedUp": {
        const d = recorded.data;
        await trx
          .insertInto("newsletter_subscribers")
          .values({
            email,
            status: "confirmed",
            list_ids: "",
            pending_list_ids: "",
            postal_code: "",
            uk: true,
            confirm_token: null,
            unsubscribe_token: d.unsubscribeToken,
            requested_at: d.signedUpAt,
            confirmed_at: d.signedUpAt,
          })
          .onConflict((oc) => oc.column("email").doUpdateSet({ uk: true, status: "confirmed" }))
          .execute();
        return;
      }
    }
  },
};
