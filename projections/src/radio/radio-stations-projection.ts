import { sql } from "kysely";
import { isEventOf, radioEvents } from "@shop/shared";
import type { Projection } from "../runner/projection.ts";

export const radioStationsProjection: Projection = {
  name: "radio_stations",
  version: 1,
  tables: ["radio_stations"],
  handles: ["RadioStationAdded", "RadioStationChanged"],
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
  async apply(trx, recorded) {
    if (!isEventOf(radioEvents, recorded)) return;
    const d = recorded.data;
    const row = {
      id: d.id,
      call_letters: d.callLetters,
      frequency: d.frequency,
      city: d.city,
      state: d.state,
      air_times: d.airTimes,
      active: d.active,
      version: recorded.streamPosition,
    };
    // Added and Changed both carry every field: the row becomes what the event says.
    const { id: _id, ...changes } = row;
    await trx
      .insertInto("radio_stations")
      .values(row)
      .onConflict((oc) => oc.column("id").doUpdateSet(changes))
      .execute();
  },
};
