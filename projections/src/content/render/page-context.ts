import type { Kysely } from "kysely";
import type { Database } from "../../database.ts";
import { childrenOf, type NodeRow, relatedNodes } from "./related-nodes.ts";
import type { Audience, Link, RenderContext } from "./render-body.ts";

/** Statuses a visitor may see: a page with Changes Pending still shows what was last published. */
export const PUBLIC_STATUSES = ["Live", "Changes Pending"];

/**
 * What a rendered body read, as keys the content-pages projector re-renders it by:
 * `node:{id}` (that node's name, url, status or body), `children:{id}` (which nodes sit under it),
 * `media:{id}`, `lang:{node id}` (its translations), and `tree` (adoptive relatives, found through
 * the menu tree and by url: any content or menu node change may alter them).
 */
export type DependencyKey =
  | `node:${number}`
  | `children:${number | "root"}`
  | `media:${number}`
  | `lang:${number}`
  | "tree";

export interface PageSource {
  id: number;
  url: string;
  title: string;
  parent_id: number | null;
}

/**
 * The tags' look-ups for one page, from the read models. `visible` null shows every status (a
 * staff preview). Each look-up tells `depends` what it read.
 */
export function pageRenderContext(
  db: Kysely<Database>,
  page: PageSource,
  audience: Audience,
  visible: readonly string[] | null,
  depends: (key: DependencyKey) => void = () => {},
): RenderContext {
  const cols = ["id", "name", "url", "parent_id", "status"] as const;
  const find = (id: number) => {
    depends(`node:${id}`);
    return db.selectFrom("content_nodes").select(cols).where("id", "=", id).executeTakeFirst();
  };
  const isVisible = (r: NodeRow) => !visible || visible.includes(r.status);
  const link = (r: NodeRow): Link => ({ title: r.name, url: r.url });
  const visibleChildren = async (parentId: number) => {
    depends(`children:${parentId}`);
    const rows = (await childrenOf(db, parentId)).filter(isVisible);
    for (const r of rows) depends(`node:${r.id}`);
    return rows;
  };
  return {
    page: { id: page.id, url: page.url, title: page.title },
    audience,
    nodeLink: async (id) => {
      const r = await find(id);
      return r && isVisible(r) ? link(r) : null;
    },
    related: async (nodeId, query) => {
      const node = nodeId === page.id ? { ...page, name: page.title, status: "Live" } : await find(nodeId);
      if (!node) return [];
      if (query.relationFilter !== "real") depends("tree");
      if (query.relation === "child") depends(`children:${node.id}`);
      else if (query.relation === "sibling") depends(`children:${node.parent_id ?? "root"}`);
      const rows = await relatedNodes(db, node, query, isVisible);
      for (const r of rows) {
        depends(`node:${r.id}`);
        if (query.collectionFilter !== "both") depends(`children:${r.id}`);
      }
      return rows.map(link);
    },
    mediaFile: async (id) => {
      depends(`media:${id}`);
      const r = await db
        .selectFrom("media_files")
        .leftJoin("media_formats", "media_formats.id", "media_files.format_id")
        .select(["media_files.file_url", "media_files.name", "media_formats.slug as format"])
        .where("media_files.id", "=", id)
        .executeTakeFirst();
      return r ? { url: r.file_url, title: r.name, format: r.format } : null;
    },
    collection: async (nodeId) => {
      const members = (await visibleChildren(nodeId)).map((m) => m.id);
      if (!members.length) return [];
      const rows = await db
        .selectFrom("content_nodes")
        .select(["id", "name", "url", "body"])
        .where("id", "in", members)
        .execute();
      return members.flatMap((id) =>
        rows.filter((r) => r.id === id).map((r) => ({ title: r.name, url: r.url, body: r.body })),
      );
    },
    translations: async (nodeId) => {
      const target = nodeId === page.id ? { ...page, status: "Live" } : await find(nodeId);
      if (!target || (nodeId !== page.id && !isVisible({ ...target, name: "" }))) return [];
      depends(`lang:${nodeId}`);
      const rows = await db
        .selectFrom("content_lang_nodes")
        .select(["language", "name", "status"])
        .where("node_id", "=", nodeId)
        .orderBy("language")
        .execute();
      return rows
        .filter((r) => r.status === "Live" || !visible)
        .map((r) => ({
          language: r.language,
          title: r.name,
          url: `${target.url}?lang=${encodeURIComponent(r.language)}`,
        }));
    },
  };
}
