import { sql } from "kysely";
import { categoryForSku, type LookupCatalogEvent } from "@shop/shared";
import type { Projection } from "../runner/projection.ts";

// Minimal tables of the records pickers look up and no other feature owns yet. Self-contained:
// every row comes from one event, so a rebuild gives equal tables.

export interface MediaFormatsTable {
  id: number;
  name: string;
  slug: string;
}
export interface MediaFilesTable {
  id: number;
  name: string;
  slug: string;
  format_id: number | null;
  file_url: string;
}
export interface ContentNodeTypesTable {
  id: number;
  name: string;
  slug: string;
}
export interface DbTemplatesTable {
  id: number;
  name: string;
  slug: string;
}
export interface SkusTable {
  id: number;
  sku: string;
  name: string;
  price_cents: number;
  active: boolean;
  /** The product category its code's prefix gives (back-office §3), kept so pickers can filter by it (`sku_groups`). */
  category: string;
}
export interface ContentLangNodesTable {
  id: number;
  node_id: number;
  language: string;
  name: string;
  slug: string;
  status: string;
}

const NAMED = (table: string) =>
  sql`CREATE TABLE IF NOT EXISTS ${sql.table(table)} (id integer PRIMARY KEY, name text NOT NULL, slug text NOT NULL)`;

export const lookupCatalogProjection: Projection = {
  name: "lookup-catalog",
  version: 2, // 2: skus.category
  tables: ["media_formats", "media_files", "content_node_types", "db_templates", "skus", "content_lang_nodes"],
  handles: [
    "MediaFormatAdded",
    "MediaFileAdded",
    "ContentNodeTypeAdded",
    "DbTemplateAdded",
    "SkuAdded",
    "ContentLangNodeAdded",
  ],
  async migrate(db) {
    await NAMED("media_formats").execute(db);
    await sql`CREATE TABLE IF NOT EXISTS media_files (
      id integer PRIMARY KEY, name text NOT NULL, slug text NOT NULL, format_id integer NULL, file_url text NOT NULL
    )`.execute(db);
    await NAMED("content_node_types").execute(db);
    await NAMED("db_templates").execute(db);
    await sql`CREATE TABLE IF NOT EXISTS skus (
      id integer PRIMARY KEY, sku text NOT NULL UNIQUE, name text NOT NULL, price_cents integer NOT NULL, active boolean NOT NULL, category text NOT NULL
    )`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS skus_category ON skus (category)`.execute(db);
    await sql`CREATE TABLE IF NOT EXISTS content_lang_nodes (
      id integer PRIMARY KEY, node_id integer NOT NULL, language text NOT NULL, name text NOT NULL, slug text NOT NULL, status text NOT NULL
    )`.execute(db);
  },
  async apply(trx, recorded) {
    const event = recorded as unknown as LookupCatalogEvent;
    const insert = (table: string, values: Record<string, unknown>) =>
      trx
        .insertInto(table)
        .values(values)
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    switch (event.type) {
      case "MediaFormatAdded":
        return void (await insert("media_formats", event.data));
      case "MediaFileAdded": {
        const d = event.data;
        return void (await insert("media_files", {
          id: d.id,
          name: d.name,
          slug: d.slug,
          format_id: d.formatId,
          file_url: d.fileUrl,
        }));
      }
      case "ContentNodeTypeAdded":
        return void (await insert("content_node_types", event.data));
      case "DbTemplateAdded":
        return void (await insert("db_templates", event.data));
      case "SkuAdded": {
        const d = event.data;
        return void (await insert("skus", {
          id: d.id,
          sku: d.sku,
          name: d.name,
          price_cents: d.priceCents,
          active: d.active,
          category: categoryForSku(d.sku),
        }));
      }
      case "ContentLangNodeAdded": {
        const d = event.data;
        return void (await insert("content_lang_nodes", {
          id: d.id,
          node_id: d.nodeId,
          language: d.language,
          name: d.name,
          slug: d.slug,
          status: d.status,
        }));
      }
      default: {
        // Only the types in `handles` reach here; an unknown one changes nothing.
        event satisfies never;
        return;
      }
    }
  },
};
