import { z } from "zod";
import { defineEvent, type EventOf } from "../event-registry.ts";

export const campaignStream = (slug: string) => `campaign-${slug}`;

const by = z.object({ id: z.string(), name: z.string() }).nullable();
const when = z.string().nullable();
/** Every campaign event carries the totals after it, so a thermometer push needs nothing but the event. */
const totals = {
  name: z.string(),
  goalCents: z.number().int().nonnegative(),
  raisedCents: z.number().int(),
  donors: z.number().int().nonnegative(),
};

/**
 * The donation campaign shown by thermometers; the default slug is 'ark-main'. Version 1 had no id
 * nor dates: the only campaign then was the demo's 'ark-main', which takes id 1.
 */
export const CampaignCreated = defineEvent(
  "CampaignCreated",
  z.object({
    id: z.number().int().positive(),
    slug: z.string(),
    name: z.string(),
    goalCents: z.number().int().nonnegative(),
    startsAt: when,
    endsAt: when,
    createdAt: z.string(),
    by: by.optional(),
  }),
  {
    version: 2,
    upcast: (data, from) =>
      from < 2 && data && typeof data === "object" ? { id: 1, startsAt: null, endsAt: null, ...data } : data,
  },
);

export const CampaignUpdated = defineEvent(
  "CampaignUpdated",
  z.object({
    id: z.number().int().positive(),
    slug: z.string(),
    startsAt: when,
    endsAt: when,
    updatedAt: z.string(),
    by,
    ...totals,
  }),
);

/** A gift counted toward the campaign: an offline one staff recorded (a cheque), or a paid order's (#7). */
export const CampaignGiftRecorded = defineEvent(
  "CampaignGiftRecorded",
  z.object({
    giftId: z.string(),
    slug: z.string(),
    amountCents: z.number().int().positive(),
    donorName: z.string(),
    note: z.string(),
    source: z.enum(["offline", "order", "monthly"]),
    orderNumber: z.string().nullable(),
    recordedAt: z.string(),
    by,
    ...totals,
  }),
);

/** A gift given back, whole or (an order's partial refund) in part: `amountCents` is what this refund moves back. */
export const CampaignGiftRefunded = defineEvent(
  "CampaignGiftRefunded",
  z.object({
    giftId: z.string(),
    slug: z.string(),
    amountCents: z.number().int().positive(),
    refundedAt: z.string(),
    by,
    ...totals,
  }),
);

export const donationEvents = [CampaignCreated, CampaignUpdated, CampaignGiftRecorded, CampaignGiftRefunded] as const;
export type CampaignEvent = EventOf<typeof donationEvents>;
