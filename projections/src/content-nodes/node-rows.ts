import type { Transaction } from "kysely";
import type { ContentNodeEvent, MenuNodeEvent, NodeFields, RecordedEvent } from "@shop/shared";

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

/**
 * Applies a node event (content or menu: same shapes) to a node table. Every event of the stream
 * moves `version` to its stream position, so the row's version is the stream's last position.
 */
export async function applyNodeEvent(
  trx: Transaction<any>,
  table: string,
  allowed: ReadonlySet<string>,
  recorded: RecordedEvent,
): Promise<void> {
  const event = recorded as unknown as ContentNodeEvent | MenuNodeEvent;
  const version = recorded.streamPosition;
  const type = event.type.replace(/^MenuNode/, "ContentNode");
  const keep = (row: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(row).filter(([k]) => allowed.has(k)));
  if (type === "ContentNodeCreated") {
    const { id, createdAt, by, ...fields } = event.data as Extract<
      ContentNodeEvent,
      { type: "ContentNodeCreated" }
    >["data"];
    const row = keep({
      id,
      ...columns(fields, allowed),
      status: "Beta",
      version,
      created_at: createdAt,
      updated_at: createdAt,
      updated_by: by?.id ?? null,
    });
    await trx
      .insertInto(table)
      .values(row)
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    return;
  }
  const id = (event.data as { id?: number; nodeId?: number }).id ?? (event.data as { nodeId: number }).nodeId;
  let set: Record<string, unknown> = { version };
  if (type === "ContentNodeSaved") {
    const d = event.data as Extract<ContentNodeEvent, { type: "ContentNodeSaved" }>["data"];
    set = { ...set, ...columns(d.changes, allowed), updated_at: d.savedAt, updated_by: d.by?.id ?? null };
  } else if (type === "ContentNodePublished") {
    const d = event.data as Extract<ContentNodeEvent, { type: "ContentNodePublished" }>["data"];
    set = { ...set, status: "Live", last_published: d.publishedAt, updated_at: d.publishedAt };
    if (allowed.has("published")) {
      await trx
        .updateTable(table)
        .set({ published: d.publishedAt })
        .where("id", "=", d.id)
        .where("published", "is", null)
        .execute();
    }
  } else if (type === "ContentNodeStatusChanged") {
    const d = event.data as Extract<ContentNodeEvent, { type: "ContentNodeStatusChanged" }>["data"];
    set = { ...set, status: d.to, updated_at: d.changedAt, updated_by: d.by?.id ?? null };
  } else if (type === "ContentNodeArchived") {
    const d = event.data as Extract<ContentNodeEvent, { type: "ContentNodeArchived" }>["data"];
    set = { ...set, status: "Archive", updated_at: d.archivedAt, updated_by: d.by?.id ?? null };
  }
  await trx.updateTable(table).set(keep(set)).where("id", "=", id).execute();
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
