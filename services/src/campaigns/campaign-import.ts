import { campaignStream, type CreateCampaignRequest, type EventMetadata, type EventStore } from "@shop/shared";
import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import { RETRY, runCommand } from "../platform/command-handler.ts";
import { allocateId } from "../platform/id-allocator.ts";
import { campaignDecider, decideCampaign } from "./campaign.ts";

export interface ImportCounts {
  created: number;
  changed: number;
  unchanged: number;
  events: number;
}

/**
 * The campaigns of a catalog file (`npm run ops -- import-catalog`), with the staff form's fields.
 * Idempotent: a slug that exists gets the file's name, goal and dates only when they differ; its
 * gifts and totals are never touched by an import.
 */
export async function importCampaigns(
  deps: { store: EventStore; db: Kysely<Database>; clock: () => Date },
  campaigns: readonly CreateCampaignRequest[],
  metadata: EventMetadata,
): Promise<ImportCounts> {
  const counts: ImportCounts = { created: 0, changed: 0, unchanged: 0, events: 0 };
  for (const input of campaigns) {
    const stream = campaignStream(input.slug);
    const fields = { name: input.name, goalCents: input.goal_cents, startsAt: input.starts, endsAt: input.ends };
    const meta = { now: deps.clock(), by: null };
    if ((await deps.store.readStream(stream)).length === 0) {
      const id = await freeCampaignId(deps.db);
      const created = await runCommand(
        deps.store,
        stream,
        campaignDecider,
        RETRY.refuse,
        (state) => decideCampaign({ type: "CreateCampaign", data: { id, slug: input.slug, ...fields } }, state, meta),
        { metadata },
      );
      counts.created++;
      counts.events += created.events.length;
      continue;
    }
    const { appended, events } = await runCommand(
      deps.store,
      stream,
      campaignDecider,
      RETRY.once,
      (state) =>
        state.exists &&
        state.name === fields.name &&
        state.goalCents === fields.goalCents &&
        state.startsAt === fields.startsAt &&
        state.endsAt === fields.endsAt
          ? []
          : decideCampaign({ type: "UpdateCampaign", data: fields }, state, meta),
      { metadata },
    );
    counts[appended ? "changed" : "unchanged"]++;
    counts.events += events.length;
  }
  return counts;
}

/** As the staff form: the demo's first campaign took id 1 before ids were allocated, so step past ids in use. */
async function freeCampaignId(db: Kysely<Database>): Promise<number> {
  for (;;) {
    const id = await allocateId(db, "campaign");
    const used = await db.selectFrom("campaigns").select("id").where("id", "=", id).executeTakeFirst();
    if (!used) return id;
  }
}
