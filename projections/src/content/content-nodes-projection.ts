import { sql } from "kysely";
import { applyNodeBatch } from "./node-batch.ts";
import type { Projection } from "../runner/projection.ts";
import { CONTENT_NODES_MIGRATIONS } from "./content-nodes-migrations.ts";
import { applyNodeEvent, CONTENT_NODE_STREAM_EVENTS } from "./node-rows.ts";

const PAGE_COLUMNS = ["sku_id", "language_node_id", "menu_node_ids", "image", "sort_order", "sitemap_priority"];
const COLUMNS = new Set([
  ...[
    "id",
    "name",
    "slug",
    "parent_id",
    "short_description",
    "url",
    "body",
    "node_type_id",
    "status",
    "published",
    "last_published",
    "version",
    "created_at",
    "updated_at",
    "updated_by",
  ],
  ...PAGE_COLUMNS,
]);

export const contentNodesProjection: Projection = {
  name: "content-nodes",
  // 2: the page fields (migration 2026-11-24-content-node-page-fields).
  version: 2,
  tables: ["content_nodes"],
  handles: CONTENT_NODE_STREAM_EVENTS,
  async migrate(db) {
    await sql`CREATE TABLE IF NOT EXISTS content_nodes (
      id integer PRIMARY KEY,
      name text NOT NULL,
      slug text NOT NULL,
      parent_id integer NULL,
      short_description text NOT NULL DEFAULT '',
      url text NOT NULL,
      body text NOT NULL DEFAULT '',
      node_type_id integer NULL,
      status text NOT NULL,
      published timestamptz NULL,
      last_published timestamptz NULL,
      version integer NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      updated_by text NULL
    )`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS content_nodes_parent ON content_nodes (parent_id)`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS content_nodes_url ON content_nodes (url)`.execute(db);
    for (const step of CONTENT_NODES_MIGRATIONS) await step.up(db);
  },
  apply: (trx, event) => applyNodeEvent(trx, "content_nodes", COLUMNS, event),
  applyBatch: (trx, events) => applyNodeBatch(trx, "content_nodes", COLUMNS, events),
};
