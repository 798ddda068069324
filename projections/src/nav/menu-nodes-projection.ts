import { sql } from "kysely";
import { applyNodeBatch } from "../content/node-batch.ts";
import type { Projection } from "../runner/projection.ts";
import { applyNodeEvent, MENU_NODE_STREAM_EVENTS } from "../content/node-rows.ts";

const COLUMNS = new Set(["id", "name", "slug", "parent_id", "url", "status", "version"]);

export const menuNodesProjection: Projection = {
  name: "menu-nodes",
  version: 1,
  tables: ["menu_nodes"],
  handles: MENU_NODE_STREAM_EVENTS,
  async migrate(db) {
    await sql`CREATE TABLE IF NOT EXISTS menu_nodes (
      id integer PRIMARY KEY,
      name text NOT NULL,
      slug text NOT NULL,
      parent_id integer NULL,
      url text NOT NULL,
      status text NOT NULL,
      version integer NOT NULL
    )`.execute(db);
  },
  apply: (trx, event) => applyNodeEvent(trx, "menu_nodes", COLUMNS, event),
  applyBatch: (trx, events) => applyNodeBatch(trx, "menu_nodes", COLUMNS, events),
};
