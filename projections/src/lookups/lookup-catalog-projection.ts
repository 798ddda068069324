import { sql } from "kysely";
import { isEventOf, lookupCatalogEvents } from "@shop/shared";
import type { Projection } from "../runner/projection.ts";
import type { LookupCatalogTables } from "./lookup-catalog-tables.ts";

const NAMED = (table: string) =>
  sql`CREATE TABLE IF NOT EXISTS ${sql.table(table)} (id integer PRIMARY KEY, name text NOT NULL, slug text NOT NULL)`;

export const lookupCatalogProjection: Projection = {
  name: "lookup-catalog",
  version: 3, // 2: skus.category; 3: skus moved to the catalog
  tables: ["media_formats", "media_files", "content_node_types", "db_templates", "content_lang_nodes"],
  handles: ["MediaFormatAdded", "MediaFileAdded", "ContentNodeTypeAdded", "DbTemplateAdded", "ContentLangNodeAdded"],
  async migrate(db) {
    await NAMED("media_formats").execute(db);
    await sql`CREATE TABLE IF NOT EXISTS media_files (
      id integer PRIMARY KEY, name text NOT NULL, slug text NOT NULL, format_id integer NULL, file_url text NOT NULL
    )`.execute(db);
    await NAMED("content_node_types").execute(db);
    await NAMED("db_templates").execute(db);
    await sql`CREATE TABLE IF NOT EXISTS content_lang_nodes (
      id integer PRIMARY KEY, node_id integer NOT NULL, language text NOT NULL, name text NOT NULL, slug text NOT NULL, status text NOT NULL
    )`.execute(db);
  },
  async apply(trx, recorded) {
    if (!isEventOf(lookupCatalogEvents, recorded)) return;
    const event = recorded;
    // Each row comes from one event: a replay of an event already applied inserts nothing.
    const insert = <T extends keyof LookupCatalogTables>(table: T) =>
      trx.insertInto(table).onConflict((oc) => oc.column("id").doNothing());
    switch (event.type) {
      case "MediaFormatAdded":
        return void (await insert("media_formats").values(event.data).execute());
      case "MediaFileAdded": {
        const d = event.data;
        return void (await insert("media_files")
          .values({
            id: d.id,
            name: d.name,
            slug: d.slug,
            format_id: d.formatId,
            file_url: d.fileUrl,
          })
          .execute());
      }
      case "ContentNodeTypeAdded":
        return void (await insert("content_node_types").values(event.data).execute());
      case "DbTemplateAdded":
        return void (await insert("db_templates").values(event.data).execute());
      case "SkuAdded":
        return; // the catalog read model keeps SKUs
      case "ContentLangNodeAdded": {
        const d = event.data;
        return void (await insert("content_lang_nodes")
          .values({
            id: d.id,
            node_id: d.nodeId,
            language: d.language,
            name: d.name,
            slug: d.slug,
            status: d.status,
          })
          .execute());
      }
      default: {
        // Only the types in `handles` reach here; an unknown one changes nothing.
        event satisfies never;
        return;
      }
    }
  },
};
