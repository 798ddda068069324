import { describe, expect, it } from "vitest";
import { campaignRoom, type RecordedEvent } from "@shop/shared";
import { campaignLiveMessages } from "../campaigns/campaign-live-messages.ts";

const refunded: RecordedEvent = {
  type: "CampaignGiftRefunded",
  data: {
    giftId: "order-100001-2",
    slug: "ark-main",
    amountCents: 500,
    refundedAt: "2026-11-23T12:00:00.000Z",
    by: null,
    name: "Build the Ark",
    goalCents: 100_000,
    raisedCents: 1500,
    donors: 1,
  },
  metadata: {},
  schemaVersion: 1,
  streamId: "campaign-ark-main",
  streamPosition: 3,
  position: { major: 1n, minor: 1n },
  globalPosition: 9,
  createdAt: new Date(),
};

describe("a refunded donation moves the live thermometer back", () => {
  it("an order's partial refund pushes `thermometer` to the campaign's room with the totals after it", () =>
    expect(campaignLiveMessages(refunded, { userName: () => null })).toEqual([
      {
        namespace: "/public",
        room: campaignRoom("ark-main"),
        name: "thermometer",
        payload: expect.objectContaining({ campaign: "ark-main", raised_cents: 1500, goal_cents: 100_000, donors: 1 }),
        carriesState: true,
      },
    ]));
});
