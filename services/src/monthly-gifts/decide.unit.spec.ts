import { describe, expect, it } from "vitest";
import type { MonthlyGiftEvent } from "@shop/shared";
import { decideMonthlyGift, type MonthlyGiftCommand } from "./decide.ts";
import { monthlyGiftDecider } from "./monthly-gift.ts";

const NOW = new Date("2026-11-28T12:00:00.000Z");
const at = NOW.toISOString();
const STARTED: MonthlyGiftEvent = {
  type: "MonthlyGiftStarted",
  data: {
    id: "5001",
    userId: "noah",
    fund: "GeneralDonation",
    fundTitle: "General Donation",
    campaign: "ark-main",
    amountCents: 1250,
    gateway: "test",
    subscription: "test_sub_5001",
    brand: "Visa",
    last4: "4242",
    startedAt: at,
  },
};
const month = (invoice: string, paid = true): MonthlyGiftCommand => ({
  type: "RecordMonthlyCharge",
  data: {
    gift: "5001",
    subscription: "test_sub_5001",
    invoice,
    amountCents: 1250,
    paid,
    message: paid ? null : "Declined",
  },
});
const cancel = (cancelledBy: "shopper" | "staff" | "gateway", owner: string | null = null): MonthlyGiftCommand => ({
  type: "CancelMonthlyGift",
  data: { cancelledBy, owner, by: owner ? { id: owner, name: owner } : null },
});

/** given(events).when(command): the events decided, or the refusal thrown. */
const given = (...events: MonthlyGiftEvent[]) => ({
  when: (command: MonthlyGiftCommand) => () =>
    decideMonthlyGift(command, events.reduce(monthlyGiftDecider.evolve, monthlyGiftDecider.initialState()), NOW),
});
const charged = (invoice: string): MonthlyGiftEvent => ({
  type: "MonthlyGiftCharged",
  data: { id: "5001", invoice, amountCents: 1250, campaign: "ark-main", chargedAt: at },
});
const cancelled: MonthlyGiftEvent = {
  type: "MonthlyGiftCancelled",
  data: { id: "5001", cancelledBy: "shopper", by: { id: "noah", name: "noah" }, cancelledAt: at },
};

describe("spec 26.5: the monthly gift decider", () => {
  it("spec 26.5: a gift starts once (a retried submit starts nothing)", () => {
    const { type: _t, data } = STARTED;
    const { startedAt: _s, ...terms } = data;
    expect(given().when({ type: "StartMonthlyGift", data: terms })()).toEqual([STARTED]);
    expect(given(STARTED).when({ type: "StartMonthlyGift", data: terms })()).toEqual([]);
  });

  it("spec 26.5: each invoice is charged once", () => {
    expect(given(STARTED).when(month("in_1"))()).toEqual([charged("in_1")]);
    expect(given(STARTED, charged("in_1")).when(month("in_1"))()).toEqual([]);
    expect(given(STARTED, charged("in_1")).when(month("in_2"))()).toEqual([charged("in_2")]);
  });

  it("spec 26.5: a declined month is recorded once; money taken before a cancel was heard of still counts", () => {
    expect(given(STARTED).when(month("in_1", false))()).toMatchObject([{ type: "MonthlyGiftPaymentFailed" }]);
    expect(given(STARTED, cancelled).when(month("in_2"))()).toEqual([charged("in_2")]);
  });

  it("spec 26.5: a notice naming another subscription, or no gift, is refused", () => {
    const other = {
      ...month("in_1"),
      data: { ...month("in_1").data, subscription: "sub_other" },
    } as MonthlyGiftCommand;
    expect(given(STARTED).when(other)).toThrow(expect.objectContaining({ code: "MONTHLY_GIFT_NOT_FOUND" }));
    expect(given().when(month("in_1"))).toThrow(expect.objectContaining({ code: "MONTHLY_GIFT_NOT_FOUND" }));
  });

  it("spec 26.7: only the giver cancels their own gift; another shopper gets not found", () => {
    expect(given(STARTED).when(cancel("shopper", "noah"))()).toMatchObject([
      { type: "MonthlyGiftCancelled", data: { cancelledBy: "shopper", by: { id: "noah" } } },
    ]);
    expect(given(STARTED).when(cancel("shopper", "ham"))).toThrow(
      expect.objectContaining({ code: "MONTHLY_GIFT_NOT_FOUND" }),
    );
  });

  it("spec 26.7: cancelling twice is refused; the gateway's own ended notice after a cancel is no change", () => {
    expect(given(STARTED, cancelled).when(cancel("staff"))).toThrow(
      expect.objectContaining({ code: "MONTHLY_GIFT_CANCELLED" }),
    );
    expect(given(STARTED, cancelled).when(cancel("gateway"))()).toEqual([]);
  });
});
