import { z } from "zod";
import { CreateRadioStationRequest, RadioStationListQuery, UpdateRadioStationRequest } from "@shop/shared";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";

const BASE = "/admin/api/radio/station/";
const station = {
  id: z.number(),
  call_letters: z.string(),
  frequency: z.string(),
  city: z.string(),
  state: z.string(),
  air_times: z.string(),
  active: z.boolean(),
  version: z.number(),
};
const publicRow = z.object({
  id: z.number(),
  call_letters: z.string(),
  frequency: z.string(),
  city: z.string(),
  air_times: z.string(),
  state: z.string(),
  state_name: z.string(),
});

/** The radio stations' routes and the kids mode toggle for /api/openapi.json. */
export const RADIO_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/api/radio/stations/",
    summary: "Every active radio station carrying the program, and the state dropdown's states (id, name)",
    fields: { items: z.array(publicRow), states: z.array(z.object({ id: z.string(), name: z.string() })) },
  },
  {
    method: "POST",
    path: BASE,
    refusals: ["RADIO_STATION_EXISTS"],
    summary: "Add a radio station",
    body: CreateRadioStationRequest,
    status: 201,
    fields: station,
  },
  {
    method: "GET",
    path: BASE,
    summary: "The radio station list (count/start/sort, q over call letters and city)",
    query: RadioStationListQuery,
    fields: { items: z.array(z.object(station)), total: z.number(), count: z.number(), start: z.number() },
  },
  {
    method: "GET",
    path: `${BASE}:id/`,
    refusals: ["RADIO_STATION_NOT_FOUND"],
    summary: "One radio station",
    fields: station,
  },
  {
    method: "PUT",
    path: `${BASE}:id/`,
    refusals: ["RADIO_STATION_NOT_FOUND"],
    summary: "Change a radio station (every field, with expected_version)",
    body: UpdateRadioStationRequest,
    fields: station,
  },
  {
    method: "GET",
    path: "/kids-mode/",
    redirect: { status: 303, description: "A browser (Accept: text/html) is sent back to the page it was on" },
    summary:
      "Toggle kids mode for this visitor (cookie kids_mode). Asked for JSON it answers kids_mode; otherwise it redirects (303) back",
    fields: { kids_mode: z.boolean() },
  },
];
