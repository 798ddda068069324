import { US_STATES } from "../domain/us-states.ts";
import type { AdminModel } from "./model-description.ts";

/** Radio stations carrying the program (storefront §2 radio page), against /admin/api/radio/station/. */
export const RADIO_STATION_MODEL: AdminModel = {
  app: "radio",
  model: "station",
  title: "Radio stations",
  singular: "Radio station",
  api: "/admin/api/radio/station/",
  strField: "call_letters",
  fields: [
    { name: "id", label: "ID", type: "integer", readOnly: true },
    { name: "call_letters", label: "Call letters", type: "text", required: true },
    { name: "frequency", label: "Frequency", type: "text", help: "e.g. 88.1 FM" },
    { name: "city", label: "City", type: "text", required: true },
    {
      name: "state",
      label: "State",
      type: "choice",
      required: true,
      choices: US_STATES.map((s) => ({ value: s.id, label: s.name })),
    },
    { name: "air_times", label: "Air times", type: "text", help: "e.g. Saturdays 8:00 AM" },
    { name: "active", label: "Shown on the radio page", type: "boolean", default: "1" },
  ],
  list: {
    columns: [
      { field: "id", label: "ID", sort: "id", link: true },
      { field: "call_letters", label: "Call letters", sort: "call_letters", link: true },
      { field: "frequency", sort: "frequency" },
      { field: "city", sort: "city" },
      { field: "state", sort: "state" },
    ],
    defaultSort: "state",
    serverSide: true,
    searchParam: "q",
  },
  editable: true,
  creatable: true,
  versioned: true,
  // Small records edited by one person at a time: a stale save is refused (expected_version), no lock.
  lockable: false,
  fullUpdate: true,
};
