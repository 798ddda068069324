import { sql } from "kysely";
import { adEvents } from "@shop/shared";
import { rowProjection } from "../runner/row-projector.ts";

/** ads: AdAdded and AdChanged both carry every field, so the row becomes what the event says. */
export const adsProjection = rowProjection({
  name: "ads",
  version: 1,
  table: "ads",
  key: ["id"],
  events: adEvents,
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
  row: ({ data: d, streamPosition }) => ({
    id: d.id,
    title: d.title,
    link_url: d.linkUrl,
    image_url: d.imageUrl,
    alt_text: d.altText,
    active: d.active,
    version: streamPosition,
  }),
});
