import { sql, type Transaction } from "kysely";
import { contentNodeEvents, isEventOf, menuNodeEvents, type NodeFields, type RecordedEvent } from "@shop/shared";
import type { Database } from "../database.ts";

const COLUMN_OF: Record<keyof NodeFields, string> = {
  name: "name",
  slug: "slug",
  parentId: "parent_id",
  shortDescription: "short_description",
  url: "url",
  body: "body",
  nodeTypeId: "node_type_id",
  published: "published",
  lastPublished: "last_published",
  skuId: "sku_id",
  languageNodeId: "language_node_id",
  menuNodeIds: "menu_node_ids",
  image: "image",
  sortOrder: "sort_order",
  sitemapPriority: "sitemap_priority",
};

/** Event field names to the table's columns, keeping only the columns the table has. */
function columns(fields: Partial<NodeFields>, allowed: ReadonlySet<string>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    const column = COLUMN_OF[field as keyof NodeFields];
    if (column && allowed.has(column)) row[column] = value;
  }
  return row;
}

/** The tables node events fill: content pages and the tree app's menu nodes. */
export type NodeTable = "content_nodes" | "menu_nodes";

/**
 * Applies a node event (content or menu: same shapes under their own names) to a node table. Every
 * event of the stream moves `version` to its stream position, so the row's version is the stream's
 * last position. Only the columns in `allowed` are written (menu nodes have fewer).
 */
export async function applyNodeEvent(
  trx: Transaction<Database>,
  table: NodeTable,
  allowed: ReadonlySet<string>,
  recorded: RecordedEvent,
): Promise<void> {
  if (!isEventOf(contentNodeEvents, recorded) && !isEventOf(menuNodeEvents, recorded)) return;
  const event = recorded;
  const version = recorded.streamPosition;
  const keep = (row: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(row).filter(([k]) => allowed.has(k)));
  const update = (id: number, set: Record<string, unknown>) =>
    trx
      .updateTable(table)
      .set(keep({ ...set, version }))
      .where("id", "=", id)
      .execute();
  switch (event.type) {
    case "ContentNodeCreated":
    case "MenuNodeCreated": {
      const { id, createdAt, by, ...fields } = event.data;
      const row = {
        ...keep(columns(fields, allowed)),
        id,
        name: fields.name,
        slug: fields.slug,
        parent_id: fields.parentId,
        url: fields.url,
        status: "Beta",
        version,
        ...keep({ created_at: createdAt, updated_at: createdAt, updated_by: by?.id ?? null }),
      };
      await trx
        .insertInto(table)
        .values(row)
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      return;
    }
    case "ContentNodeSaved":
    case "MenuNodeSaved": {
      const d = event.data;
      return void (await update(d.id, {
        ...columns(d.changes, allowed),
        updated_at: d.savedAt,
        updated_by: d.by?.id ?? null,
      }));
    }
    case "ContentNodePublished":
    case "MenuNodePublished": {
      const d = event.data;
      if (allowed.has("published")) {
        await trx
          .updateTable(table)
          .set(keep({ published: d.publishedAt }))
          .where("id", "=", d.id)
          .where(sql.ref("published"), "is", null)
          .execute();
      }
      return void (await update(d.id, { status: "Live", last_published: d.publishedAt, updated_at: d.publishedAt }));
    }
    case "ContentNodeStatusChanged":
    case "MenuNodeStatusChanged": {
      const d = event.data;
      return void (await update(d.id, { status: d.to, updated_at: d.changedAt, updated_by: d.by?.id ?? null }));
    }
    case "ContentNodeArchived":
    case "MenuNodeArchived": {
      const d = event.data;
      return void (await update(d.id, { status: "Archive", updated_at: d.archivedAt, updated_by: d.by?.id ?? null }));
    }
    case "PendingRewriteBatchRecorded":
      return void (await update(event.data.nodeId, {}));
    default:
      // Keyword and contributor events of the stream: only the version moves.
      return void (await update(event.data.id, {}));
  }
}

/** Every event type written on node streams, content and menu. */
export const CONTENT_NODE_STREAM_EVENTS = [
  "ContentNodeCreated",
  "ContentNodeSaved",
  "ContentNodePublished",
  "ContentNodeStatusChanged",
  "ContentNodeArchived",
  "ContentNodeKeywordLinked",
  "ContentNodeKeywordUnlinked",
  "ContributorRoleAdded",
  "ContributorRoleChanged",
  "ContributorRoleRemoved",
  "ContributorRolesRenumbered",
] as const;
export const MENU_NODE_STREAM_EVENTS = [
  "MenuNodeCreated",
  "MenuNodeSaved",
  "MenuNodePublished",
  "MenuNodeStatusChanged",
  "MenuNodeArchived",
  "PendingRewriteBatchRecorded",
] as const;
