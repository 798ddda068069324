import { sql, type Selectable, type Transaction } from "kysely";
import { donationEvents, isEventOf, type RecordedEvent } from "@shop/shared";
import type { Database } from "../database.ts";
import type { Projection } from "../runner/projection.ts";
import { upsertRows } from "../runner/row-projector.ts";
import type { CampaignsTable } from "./campaigns-tables.ts";

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
  applyBatch: (trx, events) => applyCampaignsBatch(trx, events),
};

type CampaignRow = Selectable<CampaignsTable>;

/**
 * Every campaign event carries its totals after it, so a batch's rows are the last values its events
 * name: the campaigns it names read at once (by id and by slug), its events folded into them in
 * memory as `apply` would change them one by one, and one upsert of the changed rows.
 */
async function applyCampaignsBatch(trx: Transaction<Database>, events: RecordedEvent[]): Promise<void> {
  const named = events.filter((e) => isEventOf(donationEvents, e));
  const ids = named.flatMap((e) => (e.type === "CampaignCreated" ? [e.data.id] : []));
  const slugs = [...new Set(named.map((e) => e.data.slug))];
  const { rows: found } = await sql<CampaignRow>`SELECT * FROM campaigns
    WHERE id = ANY(${ids}::int[]) OR slug = ANY(${slugs}::text[])`.execute(trx);
  const byId = new Map(found.map((row) => [row.id, row]));
  const bySlug = new Map(found.map((row) => [row.slug, row]));
  const changed = new Set<CampaignRow>();
  for (const event of named) {
    const version = event.streamPosition;
    const d = event.data;
    if (event.type === "CampaignCreated") {
      const c = event.data;
      if (byId.has(c.id)) continue;
      // One by one, the INSERT would fail on the slug's unique index: so does the batch (then one by one).
      if (bySlug.has(c.slug)) throw new Error(`campaign ${c.id}: slug ${c.slug} is taken`);
      const row = {
        ...{ id: c.id, slug: c.slug, name: c.name, goal_cents: c.goalCents, raised_cents: 0, donors: 0 },
        ...{ starts: c.startsAt, ends: c.endsAt, version },
      };
      byId.set(row.id, row);
      bySlug.set(row.slug, row);
      changed.add(row);
      continue;
    }
    const row = bySlug.get(d.slug);
    if (!row) continue;
    if (event.type === "CampaignUpdated") {
      const u = event.data;
      Object.assign(row, { name: u.name, goal_cents: u.goalCents, starts: u.startsAt, ends: u.endsAt, version });
    } else if (event.type === "CampaignGiftRecorded" || event.type === "CampaignGiftRefunded") {
      Object.assign(row, { raised_cents: event.data.raisedCents, donors: event.data.donors, version });
    }
    changed.add(row);
  }
  await upsertRows(trx, "campaigns", ["id"], [...changed]);
}
