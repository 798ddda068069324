import type { Kysely } from "kysely";
import { radioStationStream, type EventMetadata, type EventStore } from "@shop/shared";
import type { Database } from "@shop/projections";
import { seedNewRecords } from "../demo/seed-new-records.ts";

/** A few stations in a few states, so the radio page shows rows, and the no-stations message elsewhere. */
const DEMO_STATIONS = [
  { callLetters: "KARK", frequency: "88.1 FM", city: "Little Rock", state: "AR", airTimes: "Saturdays 8:00 AM" },
  { callLetters: "WAAK", frequency: "1040 AM", city: "Akron", state: "OH", airTimes: "Sundays 6:30 PM" },
  { callLetters: "WNOE", frequency: "90.7 FM", city: "Cincinnati", state: "OH", airTimes: "Weekdays 7:00 AM" },
  { callLetters: "KFLD", frequency: "91.3 FM", city: "Waco", state: "TX", airTimes: "Saturdays 9:00 AM" },
  { callLetters: "KDOV", frequency: "102.5 FM", city: "Amarillo", state: "TX", airTimes: "Sundays 7:00 AM" },
  { callLetters: "WGEN", frequency: "1310 AM", city: "Petersburg", state: "KY", airTimes: "Daily noon" },
];

export async function seedRadioDemoData(
  store: EventStore,
  db: Kysely<Database>,
  clock: () => Date,
  metadata: EventMetadata,
): Promise<void> {
  const addedAt = clock().toISOString();
  await seedNewRecords(store, db, "radio-station", DEMO_STATIONS, (id, station) => ({
    stream: radioStationStream(id),
    event: { type: "RadioStationAdded", data: { id, ...station, active: true, addedAt, by: null }, metadata },
  }));
}
