import { sql } from "kysely";
import { donationEvents, isEventOf } from "@shop/shared";
import type { Projection } from "../runner/projection.ts";

export const campaignsProjection: Projection = {
  name: "campaigns",
  version: 1,
  tables: ["campaigns"],
  handles: ["CampaignCreated", "CampaignUpdated", "CampaignGiftRecorded", "CampaignGiftRefunded"],
  async migrate(db) {
    await sql`CREATE TABLE IF NOT EXISTS campaigns (
      id integer PRIMARY KEY,
      slug text NOT NULL UNIQUE,
      name text NOT NULL,
      goal_cents bigint NOT NULL,
      raised_cents bigint NOT NULL DEFAULT 0,
      donors integer NOT NULL DEFAULT 0,
      starts text,
      ends text,
      version integer NOT NULL
    )`.execute(db);
  },
  async apply(trx, recorded) {
    if (!isEventOf(donationEvents, recorded)) return; // only the types in `handles` reach here
    const event = recorded;
    const version = recorded.streamPosition;
    switch (event.type) {
      case "CampaignCreated": {
        const d = event.data;
        await trx
          .insertInto("campaigns")
          .values({
            id: d.id,
            slug: d.slug,
            name: d.name,
            goal_cents: d.goalCents,
            raised_cents: 0,
            donors: 0,
            starts: d.startsAt,
            ends: d.endsAt,
            version,
          })
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
        return;
      }
      case "CampaignUpdated": {
        const d = event.data;
        await trx
          .updateTable("campaigns")
          .set({ name: d.name, goal_cents: d.goalCents, starts: d.startsAt, ends: d.endsAt, version })
          .where("slug", "=", d.slug)
          .execute();
        return;
      }
      case "CampaignGiftRecorded":
      case "CampaignGiftRefunded": {
        const d = event.data;
        await trx
          .updateTable("campaigns")
          .set({ raised_cents: d.raisedCents, donors: d.donors, version })
          .where("slug", "=", d.slug)
          .execute();
        return;
      }
    }
  },
};
