import { describe, expect, it } from "vitest";
import type { CampaignEvent } from "@shop/shared";
import { campaignDecider, decideCampaign, type CampaignCommand } from "./campaign.ts";

const now = new Date("2026-11-23T12:00:00.000Z");
const at = now.toISOString();
const staff = { id: "u1", name: "Demo Editor" };
const meta = { now, by: staff };
const created: CampaignEvent = {
  type: "CampaignCreated",
  data: {
    id: 1,
    slug: "ark-main",
    name: "Build the Ark",
    goalCents: 100_000,
    startsAt: null,
    endsAt: null,
    createdAt: at,
  },
};
const gift = (giftId: string, amountCents: number): CampaignCommand => ({
  type: "RecordGift",
  data: { giftId, amountCents, donorName: "Noah", note: "cheque 12", source: "offline", orderNumber: null },
});
const decide = (events: CampaignEvent[], command: CampaignCommand) =>
  decideCampaign(command, events.reduce(campaignDecider.evolve, campaignDecider.initialState()), meta);

describe("campaign rules (back-office §2 thermometer)", () => {
  it("a recorded gift moves the totals, carried in the event", () => {
    expect(decide([created], gift("g1", 2500))).toEqual([
      {
        type: "CampaignGiftRecorded",
        data: expect.objectContaining({
          giftId: "g1",
          amountCents: 2500,
          raisedCents: 2500,
          donors: 1,
          goalCents: 100_000,
        }),
      },
    ]);
  });

  it("a refund moves the totals back", () => {
    const [recorded] = decide([created], gift("g1", 2500));
    expect(decide([created, recorded], { type: "RefundGift", data: { giftId: "g1" } })).toEqual([
      {
        type: "CampaignGiftRefunded",
        data: {
          giftId: "g1",
          slug: "ark-main",
          amountCents: 2500,
          refundedAt: at,
          by: staff,
          name: "Build the Ark",
          goalCents: 100_000,
          raisedCents: 0,
          donors: 0,
        },
      },
    ]);
  });

  it("a gift is refunded once", () => {
    const [recorded] = decide([created], gift("g1", 2500));
    const [refunded] = decide([created, recorded], { type: "RefundGift", data: { giftId: "g1" } });
    expect(() => decide([created, recorded, refunded], { type: "RefundGift", data: { giftId: "g1" } })).toThrow(
      expect.objectContaining({ code: "GIFT_REFUNDED" }),
    );
  });

  it("a partial refund moves the totals back by its part and the donor still counts", () => {
    const [recorded] = decide([created], gift("g1", 2500));
    expect(decide([created, recorded], { type: "RefundGift", data: { giftId: "g1", amountCents: 1000 } })).toEqual([
      {
        type: "CampaignGiftRefunded",
        data: expect.objectContaining({ giftId: "g1", amountCents: 1000, raisedCents: 1500, donors: 1 }),
      },
    ]);
  });

  it("the refund that gives back the rest of a gift takes its donor off, capped at what is left", () => {
    const [recorded] = decide([created], gift("g1", 2500));
    const [part] = decide([created, recorded], { type: "RefundGift", data: { giftId: "g1", amountCents: 1000 } });
    const [rest] = decide([created, recorded, part], { type: "RefundGift", data: { giftId: "g1", amountCents: 9999 } });
    expect(rest.data).toMatchObject({ amountCents: 1500, raisedCents: 0, donors: 0 });
    expect(() => decide([created, recorded, part, rest], { type: "RefundGift", data: { giftId: "g1" } })).toThrow(
      expect.objectContaining({ code: "GIFT_REFUNDED" }),
    );
  });

  it("the same gift recorded twice counts once", () => {
    const [recorded] = decide([created], gift("g1", 2500));
    expect(decide([created, recorded], gift("g1", 2500))).toEqual([]);
  });

  it("a gift to a campaign that does not exist is refused", () => {
    expect(() => decide([], gift("g1", 100))).toThrow(expect.objectContaining({ code: "CAMPAIGN_NOT_FOUND" }));
  });

  it("a slug is taken once", () => {
    expect(() =>
      decide([created], { type: "CreateCampaign", data: { ...created.data, startsAt: null, endsAt: null } }),
    ).toThrow(expect.objectContaining({ code: "CAMPAIGN_EXISTS" }));
  });

  it("a campaign must end after it starts", () => {
    expect(() =>
      decide([created], {
        type: "UpdateCampaign",
        data: { name: "x", goalCents: 1, startsAt: "2026-12-01T00:00:00Z", endsAt: "2026-11-01T00:00:00Z" },
      }),
    ).toThrow(expect.objectContaining({ code: "CAMPAIGN_INVALID" }));
  });

  it("an update keeps the totals and carries them for the push", () => {
    const [recorded] = decide([created], gift("g1", 2500));
    const [updated] = decide([created, recorded], {
      type: "UpdateCampaign",
      data: { name: "Ark", goalCents: 200_000, startsAt: null, endsAt: null },
    });
    expect(updated.data).toMatchObject({ goalCents: 200_000, raisedCents: 2500, donors: 1 });
  });
});
