import { sql } from "kysely";
import { adEvents, isEventOf } from "@shop/shared";
import type { Projection } from "../runner/projection.ts";

export const adsProjection: Projection = {
  name: "ads",
  version: 1,
  tables: ["ads"],
  handles: ["AdAdded", "AdChanged"],
  async migrate(db) {
    await sql`CREATE TABLE IF NOT EXISTS ads (
      id integer PRIMARY KEY,
      title text NOT NULL,
      link_url text NOT NULL,
      image_url text NOT NULL,
      alt_text text NOT NULL,
      active boolean NOT NULL,
      version integer NOT NULL
    )`.execute(db);
  },
  async apply(trx, recorded) {
    if (!isEventOf(adEvents, recorded)) return;
    const d = recorded.data;
    const row = {
      id: d.id,
      title: d.title,
      link_url: d.linkUrl,
      image_url: d.imageUrl,
      alt_text: d.altText,
      active: d.active,
      version: recorded.streamPosition,
    };
    // Added and Changed both carry every field: the row becomes what the event says.
    const { id: _id, ...changes } = row;
    await trx
      .insertInto("ads")
      .values(row)
      .onConflict((oc) => oc.column("id").doUpdateSet(changes))
      .execute();
  },
};
