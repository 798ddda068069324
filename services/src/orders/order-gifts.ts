import { campaignStream, type EventMetadata, type EventStore, type LogPosition, type OrderPlaced } from "@shop/shared";
import type { z } from "zod";
import { campaignDecider, decideCampaign } from "../campaigns/campaign.ts";
import { commandHandler, RETRY } from "../platform/command-handler.ts";
import type { StreamTransaction } from "../platform/stream-transaction.ts";

type Placed = z.infer<typeof OrderPlaced.schema>;

/** A campaign's thermometer: many orders' gifts land on one stream at once. */
export const campaignCommand = commandHandler(campaignDecider, RETRY.contended);

/**
 * An order's donations count toward their campaigns once their money is received: a card order when
 * it is placed (captured), a check order when staff record the check as received. A check that is
 * only promised moves no thermometer (a pledge of $1,000,000 by check would otherwise show as raised).
 * Idempotent: each line's gift id names the order and the line, so a second call records nothing.
 * Answers the last position written, or null.
 */
export async function recordOrderGifts(
  deps: { store: EventStore },
  placed: Placed,
  now: Date,
  metadata: EventMetadata,
): Promise<LogPosition | null> {
  let last: LogPosition | null = null;
  for (const line of placed.lines) {
    const campaign = line.donation?.campaign;
    if (!campaign) continue;
    const result = await campaignCommand(deps.store, campaignStream(campaign), giftOf(placed, line, now), { metadata });
    if (result.appended) last = result.appended.position;
  }
  return last;
}

/** `recordOrderGifts` inside the transaction that places the order: the thermometers move with it. */
export async function recordOrderGiftsIn(tx: StreamTransaction, placed: Placed, now: Date): Promise<void> {
  for (const line of placed.lines)
    if (line.donation?.campaign)
      await tx.run(campaignStream(line.donation.campaign), campaignDecider, giftOf(placed, line, now));
}

const giftOf =
  (placed: Placed, line: Placed["lines"][number], now: Date) =>
  (state: ReturnType<typeof campaignDecider.initialState>) =>
    state.exists
      ? decideCampaign(
          {
            type: "RecordGift",
            data: {
              giftId: `order-${placed.number}-${line.lineId}`,
              amountCents: line.totalCents,
              // The buyer's name stays sealed on the order: the gift names the order, not the person.
              donorName: "",
              note: "",
              source: "order",
              orderNumber: placed.number,
            },
          },
          state,
          { now, by: null },
        )
      : [];
