import {
  CampaignDatesError,
  CampaignExistsError,
  CampaignNotFoundError,
  donationEvents,
  GiftNotFoundError,
  GiftRefundedError,
  type CampaignEvent,
  type UserRef,
} from "@shop/shared";

/** A campaign as its stream folds it: its terms, its totals and which gifts were refunded. */
export type Campaign =
  | { exists: false }
  | {
      exists: true;
      id: number;
      slug: string;
      name: string;
      goalCents: number;
      startsAt: string | null;
      endsAt: string | null;
      raisedCents: number;
      donors: number;
      /** Each gift and how much of it was given back (an order's partial refund gives back part). */
      gifts: Record<string, { amountCents: number; refundedCents: number; refunded: boolean }>;
    };

export const campaignDecider = {
  initialState: (): Campaign => ({ exists: false }),
  events: donationEvents,
  evolve(state: Campaign, event: CampaignEvent): Campaign {
    switch (event.type) {
      case "CampaignCreated": {
        const { id, slug, name, goalCents, startsAt, endsAt } = event.data;
        return { exists: true, id, slug, name, goalCents, startsAt, endsAt, raisedCents: 0, donors: 0, gifts: {} };
      }
      case "CampaignUpdated": {
        if (!state.exists) return state;
        const { name, goalCents, startsAt, endsAt } = event.data;
        return { ...state, name, goalCents, startsAt, endsAt };
      }
      case "CampaignGiftRecorded":
        if (!state.exists) return state;
        return {
          ...state,
          raisedCents: event.data.raisedCents,
          donors: event.data.donors,
          gifts: {
            ...state.gifts,
            [event.data.giftId]: { amountCents: event.data.amountCents, refundedCents: 0, refunded: false },
          },
        };
      case "CampaignGiftRefunded": {
        if (!state.exists) return state;
        const gift = state.gifts[event.data.giftId];
        const refundedCents = (gift?.refundedCents ?? 0) + event.data.amountCents;
        return {
          ...state,
          raisedCents: event.data.raisedCents,
          donors: event.data.donors,
          gifts: gift
            ? {
                ...state.gifts,
                [event.data.giftId]: { ...gift, refundedCents, refunded: refundedCents >= gift.amountCents },
              }
            : state.gifts,
        };
      }
      default: {
        event satisfies never;
        return state;
      }
    }
  },
};

export type CampaignCommand =
  | {
      type: "CreateCampaign";
      data: {
        id: number;
        slug: string;
        name: string;
        goalCents: number;
        startsAt: string | null;
        endsAt: string | null;
      };
    }
  | {
      type: "UpdateCampaign";
      data: { name: string; goalCents: number; startsAt: string | null; endsAt: string | null };
    }
  | {
      type: "RecordGift";
      data: {
        giftId: string;
        amountCents: number;
        donorName: string;
        note: string;
        source: "offline" | "order" | "monthly";
        orderNumber: string | null;
      };
    }
  /** `amountCents` absent: all of the gift still counted (an order's partial refund names a part). */
  | { type: "RefundGift"; data: { giftId: string; amountCents?: number } };

export const campaignNotFound = () => new CampaignNotFoundError();

/**
 * Pure. Totals move with each gift and move back with its refund; each event carries the totals
 * after it. Dates must run forward. A gift is refunded once.
 */
export function decideCampaign(
  command: CampaignCommand,
  state: Campaign,
  meta: { now: Date; by: UserRef | null },
): CampaignEvent[] {
  const at = meta.now.toISOString();
  if (command.type === "CreateCampaign") {
    if (state.exists) throw new CampaignExistsError();
    checkDates(command.data.startsAt, command.data.endsAt);
    return [{ type: "CampaignCreated", data: { ...command.data, createdAt: at, by: meta.by } }];
  }
  if (!state.exists) throw campaignNotFound();
  const totals = { name: state.name, goalCents: state.goalCents, raisedCents: state.raisedCents, donors: state.donors };
  switch (command.type) {
    case "UpdateCampaign":
      checkDates(command.data.startsAt, command.data.endsAt);
      return [
        {
          type: "CampaignUpdated",
          data: {
            id: state.id,
            slug: state.slug,
            ...command.data,
            updatedAt: at,
            by: meta.by,
            raisedCents: state.raisedCents,
            donors: state.donors,
          },
        },
      ];
    case "RecordGift":
      if (state.gifts[command.data.giftId]) return []; // the same gift again (a retried request): already counted
      return [
        {
          type: "CampaignGiftRecorded",
          data: {
            ...command.data,
            slug: state.slug,
            recordedAt: at,
            by: meta.by,
            ...totals,
            raisedCents: state.raisedCents + command.data.amountCents,
            donors: state.donors + 1,
          },
        },
      ];
    case "RefundGift": {
      const gift = state.gifts[command.data.giftId];
      if (!gift) throw new GiftNotFoundError();
      if (gift.refunded) throw new GiftRefundedError();
      const left = gift.amountCents - gift.refundedCents;
      const amountCents = Math.min(left, command.data.amountCents ?? left);
      if (amountCents <= 0) return [];
      // A donor stops counting when the whole gift is given back.
      const donors = amountCents === left ? Math.max(0, state.donors - 1) : state.donors;
      return [
        {
          type: "CampaignGiftRefunded",
          data: {
            giftId: command.data.giftId,
            slug: state.slug,
            amountCents,
            refundedAt: at,
            by: meta.by,
            ...totals,
            raisedCents: state.raisedCents - amountCents,
            donors,
          },
        },
      ];
    }
    default: {
      command satisfies never;
      return [];
    }
  }
}

function checkDates(startsAt: string | null, endsAt: string | null) {
  if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt)) throw new CampaignDatesError();
}
