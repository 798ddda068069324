import { describe, it } from "vitest";
import type { RadioEvent } from "@shop/shared";
import { deciderSpec } from "../testing/decider-spec.ts";
import { decideRadioStation, radioStationDecider, type RadioStationCommand } from "./radio-station.ts";

const now = new Date("2026-11-23T12:00:00.000Z");
const by = { id: "u1", name: "Edna" };
const spec = deciderSpec(radioStationDecider, (command: RadioStationCommand, state) =>
  decideRadioStation(command, state, { now, by }),
);
const fields = {
  callLetters: "KARK",
  frequency: "88.1 FM",
  city: "Dallas",
  state: "TX",
  airTimes: "Saturdays 8:00 AM",
  active: true,
};
const added: RadioEvent = {
  type: "RadioStationAdded",
  data: { id: 7, ...fields, addedAt: now.toISOString(), by },
};

describe("radio station decider", () => {
  it("a new station is added with every field", () =>
    spec
      .given([])
      .when({ type: "AddRadioStation", data: { id: 7, ...fields } })
      .then([added]));

  it("a station is added once: adding the same id again is refused", () =>
    spec
      .given([added])
      .when({ type: "AddRadioStation", data: { id: 7, ...fields } })
      .thenThrows("RADIO_STATION_EXISTS"));

  it("a change says every field the station now has", () =>
    spec
      .given([added])
      .when({ type: "ChangeRadioStation", data: { ...fields, city: "Fort Worth", active: false } })
      .then([
        {
          type: "RadioStationChanged",
          data: { id: 7, ...fields, city: "Fort Worth", active: false, changedAt: now.toISOString(), by },
        },
      ]));

  it("a change that changes nothing appends nothing", () =>
    spec.given([added]).when({ type: "ChangeRadioStation", data: fields }).then([]));

  it("an unknown station cannot be changed", () =>
    spec.given([]).when({ type: "ChangeRadioStation", data: fields }).thenThrows("RADIO_STATION_NOT_FOUND"));
});
