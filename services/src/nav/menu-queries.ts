import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import { TOP_MENU_LAYER } from "@shop/shared/nav/api";
import type { MenuItem } from "./menu-html.ts";

const LIVE = "Live";

/**
 * The Live children of each parent, in the order staff created them. Layer 0 is the top of the menu:
 * the children of the tree's roots (the root is the site's home, which the header links by itself).
 */
export async function menuLayers(db: Kysely<Database>, parents: number[]): Promise<Map<number, MenuItem[]>> {
  const layers = new Map<number, MenuItem[]>(parents.map((p) => [p, []]));
  const asked = new Set(parents.filter((p) => p !== TOP_MENU_LAYER));
  const roots = new Set<number>();
  if (parents.includes(TOP_MENU_LAYER)) {
    const rows = await db.selectFrom("menu_nodes").select("id").where("parent_id", "is", null).execute();
    for (const row of rows) roots.add(row.id);
  }
  const keys = [...new Set([...asked, ...roots])];
  if (!keys.length) return layers;
  const rows = await db
    .selectFrom("menu_nodes")
    .select(["id", "name", "url", "parent_id"])
    .where("status", "=", LIVE)
    .where("parent_id", "in", keys)
    .orderBy("id")
    .execute();
  const withChildren = await parentsWithLiveChildren(
    db,
    rows.map((r) => r.id),
  );
  for (const row of rows) {
    const item = { id: row.id, name: row.name, url: row.url, hasChildren: withChildren.has(row.id) };
    if (row.parent_id === null) continue;
    if (roots.has(row.parent_id)) layers.get(TOP_MENU_LAYER)?.push(item);
    if (asked.has(row.parent_id)) layers.get(row.parent_id)?.push(item);
  }
  return layers;
}

async function parentsWithLiveChildren(db: Kysely<Database>, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom("menu_nodes")
    .select("parent_id")
    .distinct()
    .where("status", "=", LIVE)
    .where("parent_id", "in", ids)
    .execute();
  return new Set(rows.flatMap((r) => (r.parent_id === null ? [] : [r.parent_id])));
}
