import { z } from "zod";
import { UserRef } from "../content/events.ts";
import { defineEvent, type EventOf } from "../event-registry.ts";
import { AD_KINDS } from "./page.ts";

export const adStream = (id: number) => `ad-${id}`;

/** What staff type for an ad shown in content pages (issue 10 "Content pages": 3 random ads). */
const adFields = {
  title: z.string(),
  /** A same-site path (/visit/) or an https URL: where the ad links to. */
  linkUrl: z.string(),
  imageUrl: z.string(),
  altText: z.string(),
  active: z.boolean(),
  /** Which placement it fills (spec §9). Ads added before kinds existed are the ministry's own. */
  kind: z.enum(AD_KINDS).default("own"),
};

export const AdAdded = defineEvent(
  "AdAdded",
  z.object({ id: z.number().int().positive(), ...adFields, addedAt: z.string(), by: UserRef.nullable() }),
);

/** Every field again: an ad is small, and the event then says what it became. */
export const AdChanged = defineEvent(
  "AdChanged",
  z.object({ id: z.number().int().positive(), ...adFields, changedAt: z.string(), by: UserRef.nullable() }),
);

export const adEvents = [AdAdded, AdChanged] as const;
export type AdEvent = EventOf<typeof adEvents>;
