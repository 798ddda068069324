import { sql } from "kysely";
import { contentNodeEvents, isEventOf } from "@shop/shared";
import type { Projection } from "../runner/projection.ts";
import { upsertRow, upsertRows } from "../runner/row-projector.ts";

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
  /**
   * The roles a batch names read at once, its events folded onto them in memory (an added or changed
   * role is the whole row; a renumbering moves only roles that are there), one DELETE of the removed
   * and one upsert of the changed.
   */
  async applyBatch(trx, events) {
    const named = events.filter((e) => isEventOf(contentNodeEvents, e));
    const ids = new Set<number>();
    for (const event of named) {
      if (event.type === "ContributorRolesRenumbered") for (const o of event.data.order) ids.add(o.roleId);
      else if ("roleId" in event.data) ids.add(event.data.roleId);
    }
    const found = await trx
      .selectFrom("contributor_roles")
      .selectAll()
      .where(sql<boolean>`id = ANY(${[...ids]}::int[])`)
      .execute();
    const rows = new Map(found.map((row) => [row.id, row]));
    const changed = new Set<number>();
    for (const event of named) {
      if (event.type === "ContributorRoleAdded" || event.type === "ContributorRoleChanged") {
        const d = event.data;
        rows.set(d.roleId, {
          id: d.roleId,
          node_id: d.id,
          contributor: d.contributor,
          role: d.role,
          sort_order: d.sortOrder,
        });
        changed.add(d.roleId);
      } else if (event.type === "ContributorRoleRemoved") rows.delete(event.data.roleId);
      else if (event.type === "ContributorRolesRenumbered")
        for (const o of event.data.order) {
          const row = rows.get(o.roleId);
          if (!row) continue;
          row.sort_order = o.sortOrder;
          changed.add(o.roleId);
        }
    }
    const removed = [...ids].filter((id) => !rows.has(id));
    if (removed.length > 0) await sql`DELETE FROM contributor_roles WHERE id = ANY(${removed}::int[])`.execute(trx);
    const write = [...changed].flatMap((id) => rows.get(id) ?? []);
    await upsertRows(trx, "contributor_roles", ["id"], write);
  },
};
