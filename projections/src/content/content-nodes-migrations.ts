import { sql, type Kysely } from "kysely";
import type { Database } from "../database.ts";

/**
 * Steps that change content_nodes after its first shape, oldest first. `up` is idempotent (a table
 * created by the current CREATE already has the columns); `down` undoes it for a downgrade by hand.
 * The projection's version moves with each step, so the runner also rebuilds the rows from the log.
 */
export const CONTENT_NODES_MIGRATIONS: Array<{
  name: string;
  up(db: Kysely<Database>): Promise<void>;
  down(db: Kysely<Database>): Promise<void>;
}> = [
  {
    name: "2026-11-24-content-node-page-fields",
    async up(db) {
      await sql`ALTER TABLE content_nodes
        ADD COLUMN IF NOT EXISTS sku_id integer NULL,
        ADD COLUMN IF NOT EXISTS language_node_id integer NULL,
        ADD COLUMN IF NOT EXISTS menu_node_ids integer[] NOT NULL DEFAULT '{}',
        ADD COLUMN IF NOT EXISTS image text NOT NULL DEFAULT '',
        ADD COLUMN IF NOT EXISTS sort_order bigint NOT NULL DEFAULT 0,
        ADD COLUMN IF NOT EXISTS sitemap_priority double precision NOT NULL DEFAULT 0.5`.execute(db);
      // "Which pages does this menu node list?" and "which pages sell this sku?"
      await sql`CREATE INDEX IF NOT EXISTS content_nodes_menu_nodes ON content_nodes USING gin (menu_node_ids)`.execute(
        db,
      );
      await sql`CREATE INDEX IF NOT EXISTS content_nodes_sku ON content_nodes (sku_id) WHERE sku_id IS NOT NULL`.execute(
        db,
      );
    },
    async down(db) {
      await sql`DROP INDEX IF EXISTS content_nodes_menu_nodes`.execute(db);
      await sql`DROP INDEX IF EXISTS content_nodes_sku`.execute(db);
      await sql`ALTER TABLE content_nodes DROP COLUMN IF EXISTS sku_id, DROP COLUMN IF EXISTS language_node_id, DROP COLUMN IF EXISTS menu_node_ids,
        DROP COLUMN IF EXISTS image, DROP COLUMN IF EXISTS sort_order, DROP COLUMN IF EXISTS sitemap_priority`.execute(
        db,
      );
    },
  },
];
