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

/** A created event's data, content or menu (menu nodes have no page fields). */
type NodeCreated = Pick<NodeFields, "name" | "slug" | "parentId" | "url"> &
  Partial<NodeFields> & { id: number; createdAt: string; by?: { id: string } | null };

/** The row a created event inserts (the table's defaults for the columns it leaves out). */
function createdRow(data: NodeCreated, version: number, allowed: ReadonlySet<string>) {
  const keep = (row: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(row).filter(([k]) => allowed.has(k)));
  const { id, createdAt, by, ...fields } = data;
  return {
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
}

/** What a node event does to its row: created, published (and changed), or changed. */
export type NodeChange =
  | { kind: "created"; id: number; row: ReturnType<typeof createdRow> }
  | { kind: "published"; id: number; publishedAt: string; set: Record<string, unknown> }
  | { kind: "changed"; id: number; set: Record<string, unknown> };

/**
 * The change a node event (content or menu: same shapes under their own names) makes to a node table.
 * Every event of the stream moves `version` to its stream position, so the row's version is the
 * stream's last position. Only the columns in `allowed` are written (menu nodes have fewer).
 */
export function nodeChangeOf(recorded: RecordedEvent, allowed: ReadonlySet<string>): NodeChange | null {
  if (!isEventOf(contentNodeEvents, recorded) && !isEventOf(menuNodeEvents, recorded)) return null;
  const event = recorded;
  const version = recorded.streamPosition;
  const keep = (row: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(row).filter(([k]) => allowed.has(k)));
  const changed = (id: number, set: Record<string, unknown>): NodeChange => ({
    kind: "changed",
    id,
    set: keep({ ...set, version }),
  });
  switch (event.type) {
    case "ContentNodeCreated":
    case "MenuNodeCreated": {
      return { kind: "created", id: event.data.id, row: createdRow(event.data, version, allowed) };
    }
    case "ContentNodeSaved":
    case "MenuNodeSaved": {
      const d = event.data;
      return changed(d.id, { ...columns(d.changes, allowed), updated_at: d.savedAt, updated_by: d.by?.id ?? null });
    }
    case "ContentNodePublished":
    case "MenuNodePublished": {
      const d = event.data;
      const set = keep({ status: "Live", last_published: d.publishedAt, updated_at: d.publishedAt, version });
      return { kind: "published", id: d.id, publishedAt: d.publishedAt, set };
    }
    case "ContentNodeStatusChanged":
    case "MenuNodeStatusChanged": {
      const d = event.data;
      return changed(d.id, { status: d.to, updated_at: d.changedAt, updated_by: d.by?.id ?? null });
    }
    case "ContentNodeArchived":
    case "MenuNodeArchived": {
      const d = event.data;
      return changed(d.id, { status: "Archive", updated_at: d.archivedAt, updated_by: d.by?.id ?? null });
    }
    case "PendingRewriteBatchRecorded":
      return changed(event.data.nodeId, {});
    default:
      // Keyword and contributor events of the stream: only the version moves.
      return changed(event.data.id, {});
  }
}

/** Applies a node event to a node table (see nodeChangeOf; node-batch.ts does a batch of them). */
export async function applyNodeEvent(
  trx: Transaction<Database>,
  table: NodeTable,
  allowed: ReadonlySet<string>,
  recorded: RecordedEvent,
): Promise<void> {
  const change = nodeChangeOf(recorded, allowed);
  if (!change) return;
  if (change.kind === "created") {
    await trx
      .insertInto(table)
      .values(change.row)
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    return;
  }
  if (change.kind === "published" && allowed.has("published")) {
    await trx
      .updateTable(table)
      .set({ published: change.publishedAt })
      .where("id", "=", change.id)
      .where(sql.ref("published"), "is", null)
      .execute();
  }
  await trx.updateTable(table).set(change.set).where("id", "=", change.id).execute();
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
