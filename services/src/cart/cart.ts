import { cartEvents, type CartEvent } from "@shop/shared";

export interface CartLine {
  lineId: number;
  skuCode: string;
  quantity: number;
}
export interface CartDonation {
  lineId: number;
  skuCode: string;
  amountCents: number;
}

/** A cart as its stream folds it: lines and donations in the order first added, codes in the order applied. */
export interface Cart {
  lines: CartLine[];
  donations: CartDonation[];
  codes: string[];
  nextLineId: number;
  /** The stream version (-1 before the first event): the answer's `order.version`. */
  version: number;
}

/** Most of one SKU a line may hold: what the events' integers hold safely (a merge at login stops there too). */
export const MAX_LINE_QUANTITY = 99_999;

export const emptyCart = (): Cart => ({ lines: [], donations: [], codes: [], nextLineId: 1, version: -1 });

export const cartDecider = {
  initialState: emptyCart,
  events: cartEvents,
  /** An event this code does not know changes nothing but still counts toward the stream version. */
  skip: (state: Cart): Cart => ({ ...state, version: state.version + 1 }),
  evolve(state: Cart, event: CartEvent): Cart {
    const next = { ...state, version: state.version + 1 };
    switch (event.type) {
      case "CartItemAdded": {
        const { lineId, skuCode, quantity } = event.data;
        const existing = state.lines.find((l) => l.skuCode === skuCode);
        return {
          ...next,
          lines: existing
            ? state.lines.map((l) => (l.skuCode === skuCode ? { ...l, quantity: l.quantity + quantity } : l))
            : [...state.lines, { lineId, skuCode, quantity }],
          nextLineId: Math.max(state.nextLineId, lineId + 1),
        };
      }
      case "CartItemQuantityChanged":
        return {
          ...next,
          lines: state.lines.map((l) =>
            l.skuCode === event.data.skuCode ? { ...l, quantity: event.data.quantity } : l,
          ),
        };
      case "CartItemRemoved":
        return { ...next, lines: state.lines.filter((l) => l.skuCode !== event.data.skuCode) };
      case "CartDonationAdded":
      case "CartDonationAdjusted": {
        const { lineId, skuCode, amountCents } = event.data;
        const others = state.donations.filter((d) => d.skuCode !== skuCode);
        const existing = state.donations.find((d) => d.skuCode === skuCode);
        return {
          ...next,
          donations: existing
            ? state.donations.map((d) => (d.skuCode === skuCode ? { ...d, amountCents } : d))
            : [...others, { lineId, skuCode, amountCents }],
          nextLineId: Math.max(state.nextLineId, lineId + 1),
        };
      }
      case "CartDonationRemoved":
        return { ...next, donations: state.donations.filter((d) => d.skuCode !== event.data.skuCode) };
      case "CartDiscountApplied":
        return { ...next, codes: [...state.codes.filter((c) => c !== event.data.code), event.data.code] };
      case "CartDiscountRemoved":
        return { ...next, codes: state.codes.filter((c) => c !== event.data.code) };
      case "CartMergedIn": {
        let merged: Cart = next;
        for (const item of event.data.items) {
          const existing = merged.lines.find((l) => l.skuCode === item.skuCode);
          merged = existing
            ? {
                ...merged,
                lines: merged.lines.map((l) =>
                  l.skuCode === item.skuCode
                    ? { ...l, quantity: Math.min(MAX_LINE_QUANTITY, l.quantity + item.quantity) }
                    : l,
                ),
              }
            : {
                ...merged,
                lines: [
                  ...merged.lines,
                  {
                    lineId: merged.nextLineId,
                    skuCode: item.skuCode,
                    quantity: Math.min(MAX_LINE_QUANTITY, item.quantity),
                  },
                ],
                nextLineId: merged.nextLineId + 1,
              };
        }
        for (const gift of event.data.donations) {
          const existing = merged.donations.find((d) => d.skuCode === gift.skuCode);
          merged = existing
            ? {
                ...merged,
                donations: merged.donations.map((d) =>
                  d.skuCode === gift.skuCode ? { ...d, amountCents: gift.amountCents } : d,
                ),
              }
            : {
                ...merged,
                donations: [
                  ...merged.donations,
                  { lineId: merged.nextLineId, skuCode: gift.skuCode, amountCents: gift.amountCents },
                ],
                nextLineId: merged.nextLineId + 1,
              };
        }
        const codes = [...merged.codes, ...event.data.codes.filter((c) => !merged.codes.includes(c))];
        return { ...merged, codes };
      }
      case "CartMergedAway":
        return { ...emptyCart(), nextLineId: state.nextLineId, version: next.version };
      default: {
        event satisfies never; // an event this code does not know changes nothing
        return next;
      }
    }
  },
};
