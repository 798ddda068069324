import type { Kysely } from "kysely";
import { seedRadioDemoData } from "../radio/radio-demo-data.ts";
import { seedAdsDemoData } from "../ads/ads-demo-data.ts";
import { seedNewsletterDemoData } from "../newsletters/newsletters-demo-data.ts";
import { campaignStream, START, type EventStore, type LogPosition, DomainError } from "@shop/shared";
import { registerUser } from "../accounts/register-user.ts";
import { seedContentDemoData } from "../content/content-demo-data.ts";
import { seedLookupDemoData } from "../lookups/lookup-demo-data.ts";
import type { Database } from "@shop/projections";
import { seedCatalogDemoData } from "../catalog/catalog-demo-data.ts";
import { seedDiscountDemoData } from "../discounts/discount-demo-data.ts";
import { seedGamifyDemoData } from "../gamify/gamify-demo-data.ts";

export const DEMO_LOGIN = { email: "demo@example.org", password: "demo-password", name: "Demo Editor" };
/** A second staff user, so two editors can be shown working on one record (lock kick-off). */
export const DEMO_LOGIN_2 = { email: "colleague@example.org", password: "demo-password", name: "Colleague Editor" };

/**
 * Fills an empty log with a demo staff user, a small content tree, the demo catalog and the 'ark-main' campaign.
 * Does nothing when the log already has events, so restarts never duplicate it. Two fresh processes
 * on one database may both find it empty: the first append claims the demo user's email with
 * expected version no-stream, so exactly one of them seeds and the other starts without seeding.
 */
export async function seedDemoData(
  store: EventStore,
  clock: () => Date,
  db: Kysely<Database>,
): Promise<LogPosition | null> {
  const existing = await store.readAll(START, { limit: 1 });
  if (existing.length > 0) return null;
  const metadata = { userId: null, correlationId: "demo-data" };
  const now = clock().toISOString();
  try {
    await registerUser({ store, clock, db }, { ...DEMO_LOGIN, isStaff: true }, metadata);
  } catch (error) {
    if (error instanceof DomainError && error.code === "EMAIL_TAKEN") return null; // another process is seeding
    throw error;
  }
  await registerUser({ store, clock, db }, { ...DEMO_LOGIN_2, isStaff: true }, metadata);
  await seedContentDemoData(store, db, clock, metadata);
  await seedLookupDemoData(store, metadata);
  await seedCatalogDemoData(store, db, clock, metadata);
  await seedDiscountDemoData(store, db, clock(), metadata);
  await seedRadioDemoData(store, db, clock, metadata);
  await seedAdsDemoData(store, db, clock, metadata);
  await seedNewsletterDemoData(store, db, clock, metadata);
  await seedGamifyDemoData(store, clock(), metadata);
  const last = await store.append(
    campaignStream("ark-main"),
    [
      {
        type: "CampaignCreated",
        data: {
          id: 1,
          slug: "ark-main",
          name: "Build the Ark",
          goalCents: 50_000_000,
          startsAt: null,
          endsAt: null,
          createdAt: now,
        },
        metadata,
      },
    ],
    { expectedVersion: "no-stream" },
  );
  return last.position;
}
