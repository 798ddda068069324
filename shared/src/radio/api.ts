import { z } from "zod";
export * from "./page.ts";
import { usStateByCode } from "../addresses/us-states.ts";
import {
  blankAsAbsent,
  boundedText,
  checkbox,
  listCount,
  listStart,
  pgInt,
  requiredText,
} from "../http/request-fields.ts";

const stateCode = requiredText(2)
  .refine((code) => usStateByCode(code) !== undefined, "Select a valid state.")
  .meta({ description: "A US state's two-letter code", pattern: "^[A-Za-z]{2}$", override: { examples: ["KY"] } });

const stationBody = {
  call_letters: requiredText(20),
  frequency: boundedText(40).default(""),
  city: requiredText(100),
  state: stateCode,
  air_times: boundedText(200).default(""),
  active: checkbox.default(true),
};

/** POST /admin/api/radio/station/ */
export const CreateRadioStationRequest = z.object(stationBody);
export type CreateRadioStationRequest = z.infer<typeof CreateRadioStationRequest>;

/** PUT /admin/api/radio/station/{id}/: every field again, with the version the form was loaded at. */
export const UpdateRadioStationRequest = z.object({ ...stationBody, expected_version: pgInt({ min: -1 }).optional() });
export type UpdateRadioStationRequest = z.infer<typeof UpdateRadioStationRequest>;

export const RADIO_STATION_SORT_COLUMNS = ["id", "call_letters", "city", "state", "frequency"] as const;

/** GET /admin/api/radio/station/: count/start/sort, q over call letters and city. */
export const RadioStationListQuery = z.object({
  start: listStart(),
  count: listCount(),
  sort: z
    .string()
    .regex(/^-?[a-z_]{1,100}$/, "Enter a column name, or -column for descending.")
    .default("state"),
  q: blankAsAbsent(boundedText(200).optional()),
});
export type RadioStationListQuery = z.infer<typeof RadioStationListQuery>;
