import {
  campaignStream,
  OrderReleased,
  orderStream,
  type EventMetadata,
  type EventStore,
  type LogPosition,
  type OrderEvent,
  type OrderHeld,
  type OrderState,
  type UserRef,
  undisputedStatus,
} from "@shop/shared";
import { decideCampaign } from "../campaigns/campaign.ts";
import { foldStream } from "../platform/command-handler.ts";
import { decideOrder, orderCommand, orderDecider } from "./decide.ts";
import { campaignCommand } from "./order-gifts.ts";
import { releaseDiscountUse } from "./discount-uses.ts";
import { releaseStock } from "./stock.ts";

/** Closed: cancelled, or all that was paid given back (a dispute open on it does not reopen it). */
export const orderClosed = (state: OrderState) => {
  const status = undisputedStatus(state);
  return status === "cancelled" || status === "refunded";
};

/** What placing took; an order from before `held` was recorded counts its goods lines' quantities. */
function heldBy(state: OrderState): OrderHeld {
  const placed = state.placed!;
  if (placed.held) return placed.held;
  const stock = placed.lines
    .filter((l) => !l.donation && l.skuId !== null)
    .map((l) => ({ skuId: l.skuId ?? 0, quantity: l.quantity }));
  return { stock, discountClaims: [] };
}

/**
 * Pure: once an order is closed it gives back, once, its discount uses and (unless it shipped:
 * the goods left the warehouse) the stock it took.
 */
export function decideRelease(state: OrderState, now: Date): OrderEvent[] {
  if (!state.placed || state.released || !orderClosed(state)) return [];
  const held = heldBy(state);
  const stock = state.trackingNumber === null ? held.stock : [];
  if (stock.length === 0 && held.discountClaims.length === 0) return [];
  return [
    {
      type: "OrderReleased",
      data: {
        number: state.placed.number,
        stock,
        discountClaims: held.discountClaims,
        at: now.toISOString(),
        byOrder: true,
      },
    },
  ];
}

export interface DonationGivenBack {
  campaign: string;
  giftId: string;
  /** How much of the line's gift should be off the thermometer by now (cumulative). */
  cents: number;
}

/**
 * Pure: how much of each donation line is given back. A refund falls on the order's lines in
 * proportion to their share of what was paid (rounded down per line), so a refund of a part moves
 * a donation back by the donation's part of it; everything paid given back gives back the whole
 * donation. A cancelled order that was never paid (a check that will not come) takes its gifts off.
 */
export function donationsGivenBack(state: OrderState): DonationGivenBack[] {
  const placed = state.placed;
  if (!placed) return [];
  const refunded = Math.min(state.refundedCents, state.paidCents);
  const part = (cents: number) => {
    if (state.paidCents === 0) return state.cancelled ? cents : 0;
    if (refunded >= state.paidCents) return cents;
    return Math.floor((cents * refunded) / state.paidCents);
  };
  return placed.lines.flatMap((line) =>
    line.donation?.campaign
      ? [
          {
            campaign: line.donation.campaign,
            giftId: `order-${placed.number}-${line.lineId}`,
            cents: part(line.totalCents),
          },
        ]
      : [],
  );
}

export interface AfterSaleDeps {
  store: EventStore;
  clock: () => Date;
}

/**
 * What follows a cancel or a refund, from the order's stream: OrderReleased (at the stream's
 * version, so two staff actions release once) and then the stock back on each SKU stream and the
 * uses released; each donation's campaign moves back to where the refunds put it (idempotent: it
 * compares with what the campaign already gave back). Answers the last position written.
 */
export async function putBack(
  deps: AfterSaleDeps,
  number: string,
  metadata: EventMetadata,
): Promise<LogPosition | null> {
  const now = deps.clock();
  const at = now.toISOString();
  let last: LogPosition | null = null;
  const released = await orderCommand(deps.store, orderStream(number), (state) => decideRelease(state, now), {
    metadata,
  });
  if (released.appended) last = released.appended.position;
  const recorded = await deps.store.readStream(orderStream(number));
  // The release just written, or one written before whose put-back may have been cut short (a process
  // killed after OrderReleased): run again, it gives back only what was not given back yet.
  const release = recorded.find((e) => e.type === "OrderReleased");
  const event = release ? OrderReleased.schema.parse(release.data) : null;
  if (event && (event.byOrder || released.appended)) {
    const releasedFor = event.byOrder ? orderStream(number) : undefined;
    for (const s of event.stock)
      await releaseStock(deps.store, { skuId: s.skuId, taken: s.quantity }, at, metadata, releasedFor);
    for (const c of event.discountClaims) await releaseDiscountUse(deps.store, c.code, c.claimId, at, metadata);
  }
  const state = foldStream(orderDecider, recorded);
  for (const back of donationsGivenBack(state)) {
    const moved = await campaignCommand(
      deps.store,
      campaignStream(back.campaign),
      (campaign) => {
        const gift = campaign.exists ? campaign.gifts[back.giftId] : undefined;
        if (!campaign.exists || !gift || gift.refunded || back.cents <= gift.refundedCents) return [];
        const amountCents = back.cents - gift.refundedCents;
        return decideCampaign({ type: "RefundGift", data: { giftId: back.giftId, amountCents } }, campaign, {
          now,
          by: null,
        });
      },
      { metadata },
    );
    if (moved.appended) last = moved.appended.position;
  }
  return last;
}

/**
 * The gateway refused a refund recorded just before: OrderRefundFailed makes the amount refundable
 * again. Decided again on a fresh order if another writer moved it meanwhile (the money was not
 * given back whatever happened since). Answers the position written.
 */
export async function recordRefundFailed(
  deps: AfterSaleDeps,
  refund: { number: string; amountCents: number; message: string; by: UserRef },
  metadata: EventMetadata,
): Promise<LogPosition> {
  const { number, amountCents, message, by } = refund;
  const result = await orderCommand(
    deps.store,
    orderStream(number),
    (state) => decideOrder({ type: "RecordRefundFailed", amountCents, message }, state, { now: deps.clock(), by }),
    { metadata },
  );
  return result.appended!.position;
}
