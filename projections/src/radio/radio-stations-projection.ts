import { sql } from "kysely";
import { radioEvents } from "@shop/shared";
import { rowProjection } from "../runner/row-projector.ts";

/** radio_stations: Added and Changed both carry every field, so the row becomes what the event says. */
export const radioStationsProjection = rowProjection({
  name: "radio_stations",
  version: 1,
  table: "radio_stations",
  key: ["id"],
  events: radioEvents,
  async migrate(db) {
    await sql`CREATE TABLE IF NOT EXISTS radio_stations (
      id integer PRIMARY KEY,
      call_letters text NOT NULL,
      frequency text NOT NULL,
      city text NOT NULL,
      state text NOT NULL,
      air_times text NOT NULL,
      active boolean NOT NULL,
      version integer NOT NULL
    )`.execute(db);
  },
  row: ({ data: d, streamPosition }) => ({
    id: d.id,
    call_letters: d.callLetters,
    frequency: d.frequency,
    city: d.city,
    state: d.state,
    air_times: d.airTimes,
    active: d.active,
    version: streamPosition,
  }),
});
