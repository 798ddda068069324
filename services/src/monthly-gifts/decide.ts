import { MonthlyGiftCancelledError, MonthlyGiftNotFoundError, type MonthlyGiftEvent, type UserRef } from "@shop/shared";
import type { MonthlyCharge } from "../payments/payment-gateway.ts";
import type { MonthlyGift } from "./monthly-gift.ts";

export type MonthlyGiftCommand =
  | {
      type: "StartMonthlyGift";
      data: {
        id: string;
        userId: string;
        fund: string;
        fundTitle: string;
        campaign: string | null;
        amountCents: number;
        gateway: string;
        subscription: string;
        brand: string | null;
        last4: string | null;
      };
    }
  | { type: "RecordMonthlyCharge"; data: MonthlyCharge }
  /** `owner`: the shopper asking (only their own gift); null for staff and the gateway. */
  | {
      type: "CancelMonthlyGift";
      data: { cancelledBy: "shopper" | "staff" | "gateway"; owner: string | null; by: UserRef | null };
    };

/** A declined month's message when the gateway gives none. */
export const DECLINED = "The card was declined.";

/**
 * Pure. A gift starts once (its id is the first month's order). Each invoice of the gateway is
 * recorded once, charged or failed, even after a cancel (money the gateway took before it heard of
 * the cancel was received). Only the giver (or staff) may cancel, and only once; the gateway's own
 * notice that the subscription ended is no error when the gift is cancelled already.
 */
export function decideMonthlyGift(command: MonthlyGiftCommand, state: MonthlyGift, now: Date): MonthlyGiftEvent[] {
  const at = now.toISOString();
  if (command.type === "StartMonthlyGift") {
    if (state.exists) return []; // the same order's start again (a retried submit)
    return [{ type: "MonthlyGiftStarted", data: { ...command.data, startedAt: at } }];
  }
  if (!state.exists) throw new MonthlyGiftNotFoundError();
  switch (command.type) {
    case "RecordMonthlyCharge": {
      const { invoice, amountCents, paid, message, subscription } = command.data;
      if (subscription !== state.subscription) throw new MonthlyGiftNotFoundError();
      if (state.charged.includes(invoice)) return [];
      if (paid)
        return [
          {
            type: "MonthlyGiftCharged",
            data: { id: state.id, invoice, amountCents, campaign: state.campaign, chargedAt: at },
          },
        ];
      if (state.failed.includes(invoice)) return [];
      return [
        {
          type: "MonthlyGiftPaymentFailed",
          data: { id: state.id, invoice, message: message ?? DECLINED, failedAt: at },
        },
      ];
    }
    case "CancelMonthlyGift": {
      const { cancelledBy, owner, by } = command.data;
      if (owner !== null && owner !== state.userId) throw new MonthlyGiftNotFoundError();
      if (state.status === "cancelled") {
        if (cancelledBy === "gateway") return [];
        throw new MonthlyGiftCancelledError();
      }
      return [{ type: "MonthlyGiftCancelled", data: { id: state.id, cancelledBy, by, cancelledAt: at } }];
    }
    default: {
      command satisfies never;
      return [];
    }
  }
}
