import {
  radioEvents,
  RadioStationExistsError,
  RadioStationNotFoundError,
  type RadioEvent,
  type UserRef,
} from "@shop/shared";

export interface RadioStationFields {
  callLetters: string;
  frequency: string;
  city: string;
  state: string;
  airTimes: string;
  active: boolean;
}

export type RadioStation = { exists: false } | ({ exists: true; id: number } & RadioStationFields);

export type RadioStationCommand =
  | { type: "AddRadioStation"; data: { id: number } & RadioStationFields }
  | { type: "ChangeRadioStation"; data: RadioStationFields };

const fieldsOf = (d: RadioStationFields): RadioStationFields => ({
  callLetters: d.callLetters,
  frequency: d.frequency,
  city: d.city,
  state: d.state,
  airTimes: d.airTimes,
  active: d.active,
});

export const radioStationDecider = {
  initialState: (): RadioStation => ({ exists: false }),
  events: radioEvents,
  evolve(_state: RadioStation, event: RadioEvent): RadioStation {
    return { exists: true, id: event.data.id, ...fieldsOf(event.data) };
  },
};

/** Pure. A station is added once; a change that changes nothing appends nothing. */
export function decideRadioStation(
  command: RadioStationCommand,
  state: RadioStation,
  meta: { now: Date; by: UserRef | null },
): RadioEvent[] {
  const at = meta.now.toISOString();
  if (command.type === "AddRadioStation") {
    if (state.exists) throw new RadioStationExistsError();
    return [{ type: "RadioStationAdded", data: { ...command.data, addedAt: at, by: meta.by } }];
  }
  if (!state.exists) throw new RadioStationNotFoundError();
  const next = fieldsOf(command.data);
  if (JSON.stringify(next) === JSON.stringify(fieldsOf(state))) return [];
  return [{ type: "RadioStationChanged", data: { id: state.id, ...next, changedAt: at, by: meta.by } }];
}
