import { monthlyGiftEvents, type MonthlyGiftEvent } from "@shop/shared";

/** A monthly gift as its stream folds it: its terms, whether it still runs, and the gateway's invoices already counted. */
export type MonthlyGift =
  | { exists: false }
  | {
      exists: true;
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
      status: "active" | "cancelled";
      cancelledBy: "shopper" | "staff" | "gateway" | null;
      /** Invoices recorded (charged or failed): a notice delivered twice counts once. */
      charged: string[];
      failed: string[];
    };

export const monthlyGiftDecider = {
  initialState: (): MonthlyGift => ({ exists: false }),
  events: monthlyGiftEvents,
  evolve(state: MonthlyGift, event: MonthlyGiftEvent): MonthlyGift {
    switch (event.type) {
      case "MonthlyGiftStarted": {
        const { id, userId, fund, fundTitle, campaign, amountCents, gateway, subscription, brand, last4 } = event.data;
        return {
          exists: true,
          ...{ id, userId, fund, fundTitle, campaign, amountCents, gateway, subscription, brand, last4 },
          status: "active",
          cancelledBy: null,
          charged: [],
          failed: [],
        };
      }
      case "MonthlyGiftCharged":
        return state.exists ? { ...state, charged: [...state.charged, event.data.invoice] } : state;
      case "MonthlyGiftPaymentFailed":
        return state.exists ? { ...state, failed: [...state.failed, event.data.invoice] } : state;
      case "MonthlyGiftCancelled":
        return state.exists ? { ...state, status: "cancelled", cancelledBy: event.data.cancelledBy } : state;
      default: {
        event satisfies never;
        return state;
      }
    }
  },
};
