import { sql } from "kysely";
import { contentNodeEvents, isEventOf } from "@shop/shared";
import type { Projection } from "../runner/projection.ts";
import { upsertRow } from "../runner/row-projector.ts";

export const contributorRolesProjection: Projection = {
  name: "contributor-roles",
  version: 1,
  tables: ["contributor_roles"],
  handles: ["ContributorRoleAdded", "ContributorRoleChanged", "ContributorRoleRemoved", "ContributorRolesRenumbered"],
  async migrate(db) {
    await sql`CREATE TABLE IF NOT EXISTS contributor_roles (
      id integer PRIMARY KEY,
      node_id integer NOT NULL,
      contributor text NOT NULL,
      role text NOT NULL,
      sort_order integer NOT NULL
    )`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS contributor_roles_node ON contributor_roles (node_id, sort_order)`.execute(db);
  },
  async apply(trx, recorded) {
    if (!isEventOf(contentNodeEvents, recorded)) return; // only the types in `handles` reach here
    const event = recorded;
    switch (event.type) {
      case "ContributorRoleAdded":
      case "ContributorRoleChanged": {
        const d = event.data;
        const row = { id: d.roleId, node_id: d.id, contributor: d.contributor, role: d.role, sort_order: d.sortOrder };
        await upsertRow(trx, "contributor_roles", ["id"], row);
        return;
      }
      case "ContributorRoleRemoved":
        await trx.deleteFrom("contributor_roles").where("id", "=", event.data.roleId).execute();
        return;
      case "ContributorRolesRenumbered":
        for (const o of event.data.order)
          await trx
            .updateTable("contributor_roles")
            .set({ sort_order: o.sortOrder })
            .where("id", "=", o.roleId)
            .execute();
        return;
    }
  },
};
