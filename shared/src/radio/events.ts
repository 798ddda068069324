import { z } from "zod";
import { UserRef } from "../content/events.ts";
import { defineEvent, type EventOf } from "../event-registry.ts";

export const radioStationStream = (id: number) => `radio-station-${id}`;

/** What staff type for a station carrying the program; the storefront's radio page lists the active ones. */
const stationFields = {
  callLetters: z.string(),
  frequency: z.string(),
  city: z.string(),
  /** Two-letter US state code (US_STATES): the page filters by it and shows it in the last cell. */
  state: z.string(),
  airTimes: z.string(),
  active: z.boolean(),
};

export const RadioStationAdded = defineEvent(
  "RadioStationAdded",
  z.object({ id: z.number().int().positive(), ...stationFields, addedAt: z.string(), by: UserRef.nullable() }),
);

/** Every field again: a station is small, and the event then says what it became. */
export const RadioStationChanged = defineEvent(
  "RadioStationChanged",
  z.object({ id: z.number().int().positive(), ...stationFields, changedAt: z.string(), by: UserRef.nullable() }),
);

export const radioEvents = [RadioStationAdded, RadioStationChanged] as const;
export type RadioEvent = EventOf<typeof radioEvents>;
