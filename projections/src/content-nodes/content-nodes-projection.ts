import { sql } from "kysely";
import type { Projection } from "../runner/projection.ts";
import { applyNodeEvent, CONTENT_NODE_STREAM_EVENTS } from "./node-rows.ts";

/** content_nodes: one row per content page (columns other features read: keep them as they are). */
export interface ContentNodesTable {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  short_description: string;
  url: string;
  body: string;
  node_type_id: number | null;
  status: string;
  published: Date | string | null;
  last_published: Date | string | null;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
  /** Id of the user who last changed the node. */
  updated_by: string | null;
}

const COLUMNS = new Set(["id", "name", "slug", "parent_id", "short_description", "url", "body", "node_type_id", "status", "published", "last_published", "version", "created_at", "updated_at", "updated_by"]);

export const contentNodesProjection: Projection = {
  name: "content-nodes",
  version: 1,
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
  },
  apply: (trx, event) => applyNodeEvent(trx, "content_nodes", COLUMNS, event),
};
