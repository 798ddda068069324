import { sql } from "kysely";
import { adEvents } from "@shop/shared";
import { rowProjection } from "../runner/row-projector.ts";

/** ads: AdAdded and AdChanged both carry every field, so the row becomes what the event says. */
export const adsProjection = rowProjection({
  name: "ads",
  // 2: the kind column (spec §9's magazine and own ads); the rebuild fills it from the log.
  version: 2,
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
      kind text NOT NULL DEFAULT 'own',
      version integer NOT NULL
    )`.execute(db);
    await sql`ALTER TABLE ads ADD COLUMN IF NOT EXISTS kind text NOT NULL DEFAULT 'own'`.execute(db);
  },
  row: ({ data: d, streamPosition }) => ({
    id: d.id,
    title: d.title,
    link_url: d.linkUrl,
    image_url: d.imageUrl,
    alt_text: d.altText,
    active: d.active,
    kind: d.kind,
    version: streamPosition,
  }),
});
