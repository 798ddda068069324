// The campaigns table's batch against its one-by-one `apply` (test-only dependency on services/).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { CampaignCreated, CampaignGiftRecorded, CampaignGiftRefunded, CampaignUpdated } from "@shop/shared";
import { testBackends } from "@shop/services/testing/backends";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { recordedEvent, tablesBothWays } from "../runner/batch-equivalence.ts";
import { campaignsProjection } from "./campaigns-projection.ts";

const at = "2026-11-29T20:00:00.000Z";
const by = null;
const positions = new Map<string, number>();
const onCampaign = (definition: Parameters<typeof recordedEvent>[0], slug: string, data: object) => {
  const position = positions.get(slug) ?? 0;
  positions.set(slug, position + 1);
  return recordedEvent(definition, { slug, ...data }, { id: `campaign-${slug}`, position });
};
const created = (id: number, slug: string, goalCents: number) =>
  onCampaign(CampaignCreated, slug, { id, name: slug, goalCents, startsAt: null, endsAt: "2026-12-31", createdAt: at });
const totals = (name: string, goalCents: number, raisedCents: number, donors: number) => ({
  name,
  goalCents,
  raisedCents,
  donors,
});
const gift = (slug: string, raisedCents: number, donors: number) =>
  onCampaign(CampaignGiftRecorded, slug, {
    giftId: `g${raisedCents}`,
    amountCents: 100,
    donorName: "Ann",
    note: "",
    source: "order",
    orderNumber: null,
    recordedAt: at,
    by,
    ...totals("n", 1, raisedCents, donors),
  });

describe.each(testBackends())("campaigns batched on $name", ({ pglite }) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase({ pglite });
  }, 120_000);
  afterAll(() => database?.drop());

  it("spec 28.2 campaigns created, updated and given to leave the same rows batched as one by one", async () => {
    const events = [
      gift("ark", 100, 1), // before its creation: nothing
      created(1, "ark", 500_000),
      gift("ark", 200, 1),
      onCampaign(CampaignUpdated, "ark", {
        id: 1,
        startsAt: "2026-12-01",
        endsAt: null,
        updatedAt: at,
        by,
        ...totals("Ark", 900_000, 200, 1),
      }),
      gift("ark", 350, 2),
      created(1, "ark-again", 1), // the id is there: nothing
      gift("old", 12_345_678_901, 40),
      onCampaign(CampaignGiftRefunded, "old", {
        giftId: "g1",
        amountCents: 100,
        refundedAt: at,
        by,
        ...totals("n", 1, 12_345_678_801, 39),
      }),
      created(3, "flood", 1000),
      gift("none", 5, 1),
    ];
    const { oneByOne, batched } = await tablesBothWays(database.db, campaignsProjection, events, {
      sizes: [1, 2, 4, events.length],
      before: async (db) => {
        await sql`INSERT INTO campaigns VALUES (9, 'old', 'Old', 9000000000, 0, 0, NULL, NULL, 3)`.execute(db);
      },
    });
    expect(oneByOne.campaigns.length).toBe(3);
    for (const { tables } of batched) expect(tables).toEqual(oneByOne);
  }, 60_000);
});
