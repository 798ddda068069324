import type { Kysely } from "kysely";
import type { RelatedQuery } from "./render-body.ts";
import type { Database } from "../../database.ts";

/** A content node as the page's links need it. */
export interface NodeRow {
  id: number;
  name: string;
  url: string;
  parent_id: number | null;
  status: string;
}

const COLUMNS = ["id", "name", "url", "parent_id", "status"] as const;
const MAX_DEPTH = 100;

/**
 * The relatives get_related_contentnodes lists (docs/scheduled-actions-and-lookups.md, "Page tags"):
 * - real: by the content tree (`parent`).
 * - adoptive: by the menu tree. A menu node places the content node with its url in the menu;
 *   the content nodes placed at its menu parent/ancestors, children and siblings are the node's
 *   adoptive parents, children and siblings (a page listed under a section it does not belong to).
 * - both: real first, then adoptive ones not already listed.
 * A collection is a node with visible children of its own; an item has none.
 */
export async function relatedNodes(
  db: Kysely<Database>,
  node: NodeRow,
  query: RelatedQuery,
  isVisible: (r: NodeRow) => boolean,
): Promise<NodeRow[]> {
  const real = query.relationFilter === "adoptive" ? [] : await realRelatives(db, node, query.relation);
  const adoptive = query.relationFilter === "real" ? [] : await adoptiveRelatives(db, node, query.relation);
  const seen = new Set<number>([node.id]);
  let rows = [...real, ...adoptive].filter((r) => isVisible(r) && !seen.has(r.id) && seen.add(r.id));
  if (query.collectionFilter !== "both") {
    const collections = await withVisibleChildren(db, rows, isVisible);
    rows = rows.filter((r) => collections.has(r.id) === (query.collectionFilter === "collection"));
  }
  return rows.slice(0, query.count);
}

const nodes = (db: Kysely<Database>) => db.selectFrom("content_nodes").select(COLUMNS);

export async function childrenOf(db: Kysely<Database>, parentId: number | null): Promise<NodeRow[]> {
  return nodes(db)
    .where((eb) => (parentId === null ? eb("parent_id", "is", null) : eb("parent_id", "=", parentId)))
    .orderBy("name")
    .orderBy("id")
    .execute();
}

/** Root first. */
export async function ancestorsOf(db: Kysely<Database>, node: NodeRow): Promise<NodeRow[]> {
  const chain: NodeRow[] = [];
  for (let parent = node.parent_id, depth = 0; parent !== null && depth < MAX_DEPTH; depth++) {
    const row = await nodes(db).where("id", "=", parent).executeTakeFirst();
    if (!row) break;
    chain.unshift(row);
    parent = row.parent_id;
  }
  return chain;
}

async function realRelatives(
  db: Kysely<Database>,
  node: NodeRow,
  relation: RelatedQuery["relation"],
): Promise<NodeRow[]> {
  if (relation === "parents") return ancestorsOf(db, node);
  if (relation === "child") return childrenOf(db, node.id);
  return childrenOf(db, node.parent_id);
}

async function adoptiveRelatives(
  db: Kysely<Database>,
  node: NodeRow,
  relation: RelatedQuery["relation"],
): Promise<NodeRow[]> {
  const menu = db.selectFrom("menu_nodes").select(["id", "parent_id", "url"]);
  const placements = await menu.where("url", "=", node.url).orderBy("id").execute();
  if (!placements.length) return [];
  let urls: string[] = [];
  if (relation === "child") {
    urls = (
      await menu
        .where(
          "parent_id",
          "in",
          placements.map((p) => p.id),
        )
        .orderBy("name")
        .orderBy("id")
        .execute()
    ).map((m) => m.url);
  } else if (relation === "sibling") {
    const parents = placements.flatMap((p) => (p.parent_id === null ? [] : [p.parent_id]));
    if (parents.length)
      urls = (await menu.where("parent_id", "in", parents).orderBy("name").orderBy("id").execute()).map((m) => m.url);
  } else {
    for (const placement of placements) {
      for (let parent = placement.parent_id, depth = 0; parent !== null && depth < MAX_DEPTH; depth++) {
        const row = await menu.where("id", "=", parent).executeTakeFirst();
        if (!row) break;
        urls.unshift(row.url);
        parent = row.parent_id;
      }
    }
  }
  if (!urls.length) return [];
  const found = await nodes(db).where("url", "in", urls).orderBy("id").execute();
  return urls.flatMap((url) => found.filter((n) => n.url === url));
}

async function withVisibleChildren(
  db: Kysely<Database>,
  rows: NodeRow[],
  isVisible: (r: NodeRow) => boolean,
): Promise<Set<number>> {
  if (!rows.length) return new Set();
  const children = await nodes(db)
    .where(
      "parent_id",
      "in",
      rows.map((r) => r.id),
    )
    .execute();
  return new Set(children.filter(isVisible).map((c) => c.parent_id!));
}
