import type { Kysely } from "kysely";
import { newsletterListStream, type EventMetadata, type EventStore } from "@shop/shared";
import type { Database } from "@shop/projections";
import { seedNewRecords } from "../demo/seed-new-records.ts";

/** The form's lists: the events list needs a postal code (§5 Newsletter). */
const DEMO_LISTS = [
  {
    slug: "weekly",
    name: "Weekly newsletter",
    description: "Articles and news, every week.",
    requiresPostalCode: false,
  },
  { slug: "store", name: "Store offers", description: "New products and sales.", requiresPostalCode: false },
  {
    slug: "events",
    name: "Events near you",
    description: "Events and conferences in your area.",
    requiresPostalCode: true,
  },
];

export async function seedNewsletterDemoData(
  store: EventStore,
  db: Kysely<Database>,
  clock: () => Date,
  metadata: EventMetadata,
): Promise<void> {
  const addedAt = clock().toISOString();
  await seedNewRecords(store, db, "newsletter-list", DEMO_LISTS, (id, list) => ({
    stream: newsletterListStream(id),
    event: { type: "NewsletterListAdded", data: { id, ...list, active: true, addedAt, by: null }, metadata },
  }));
}
