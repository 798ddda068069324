import { z } from "zod";
import { defineEvent } from "../event-registry.ts";

export const campaignStream = (slug: string) => `campaign-${slug}`;

/** The donation campaign shown by thermometers; the default slug is 'ark-main'. */
export const CampaignCreated = defineEvent(
  "CampaignCreated",
  z.object({ slug: z.string(), name: z.string(), goalCents: z.number().int().nonnegative(), createdAt: z.string() }),
);

export const donationEvents = [CampaignCreated] as const;
