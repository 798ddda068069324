import type { Kysely } from "kysely";
import { adStream, type EventMetadata, type EventStore } from "@shop/shared";
import type { Database } from "@shop/projections";
import { seedNewRecords } from "../demo/seed-new-records.ts";

/** A few ads (images in web/public/ads/), so a long content page shows some; the last one is hidden. */
const DEMO_ADS = [
  {
    title: "Visit the Ark Encounter",
    linkUrl: "/visit/",
    imageUrl: "/ads/ad-1.svg",
    altText: "Visit the Ark Encounter",
    active: true,
    kind: "own" as const,
  },
  {
    title: "The Creation Museum",
    linkUrl: "/about/",
    imageUrl: "/ads/ad-2.svg",
    altText: "See the Creation Museum",
    active: true,
    kind: "own" as const,
  },
  {
    title: "Answers Magazine",
    linkUrl: "/store/magazine/",
    imageUrl: "/ads/ad-3.svg",
    altText: "Subscribe to Answers Magazine",
    active: true,
    kind: "magazine" as const,
  },
  {
    title: "Vacation Bible School (ended)",
    linkUrl: "/giveaway/",
    imageUrl: "/ads/ad-4.svg",
    altText: "Vacation Bible School",
    active: false,
    kind: "own" as const,
  },
];

export async function seedAdsDemoData(
  store: EventStore,
  db: Kysely<Database>,
  clock: () => Date,
  metadata: EventMetadata,
): Promise<void> {
  const addedAt = clock().toISOString();
  await seedNewRecords(store, db, "ad", DEMO_ADS, (id, ad) => ({
    stream: adStream(id),
    event: { type: "AdAdded", data: { id, ...ad, addedAt, by: null }, metadata },
  }));
}
