// What the public radio page needs, without zod (the storefront bundle stays small).

/** §8 Radio: what the page says when the chosen state has no station. */
export const NO_STATIONS_MESSAGE = "There are not yet any stations in this location carrying the program.";

/** One row of the public table (GET /api/radio/stations/); the state is the last cell (§3). */
export interface RadioStationRow {
  id: number;
  call_letters: string;
  frequency: string;
  city: string;
  air_times: string;
  state: string;
  state_name: string;
}

/** GET /api/radio/stations/: every active station, and the dropdown's states (id and name, §3). */
export interface RadioStationsAnswer {
  metadata: { success: true };
  items: RadioStationRow[];
  states: Array<{ id: string; name: string }>;
}
