import { monthlyGiftEvents, type MonthlyGiftEvent } from "@shop/shared";

/** A monthly gift as its stream folds it: its terms, whether it still runs, and the gateway's invoices already counted. */
export type MonthlyGift =
  | { exists: false }
  | {
      exists: true;
      id: string;
      userId: string;
      fund: string;
      campaign: string | null;
      amountCents: number;
      gateway: string;
      subscription: string;
      status: "active" | "cancelled";
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
        const { id, userId, fund, campaign, amountCents, gateway, subscription } = event.data;
        return {
          exists: true,
          ...{ id, userId, fund, campaign, amountCents, gateway, subscription },
          status: "active",
          charged: [],
          failed: [],
        };
      }
      case "MonthlyGiftCharged":
        return state.exists ? { ...state, charged: [...state.charged, event.data.invoice] } : state;
      case "MonthlyGiftPaymentFailed":
        return state.exists ? { ...state, failed: [...state.failed, event.data.invoice] } : state;
      case "MonthlyGiftCancelled":
        return state.exists ? { ...state, status: "cancelled" } : state;
      default: {
        event satisfies never;
        return state;
      }
    }
  },
};
